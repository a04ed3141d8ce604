# check-stderr
seq 10 > in
csplit --suppress-matched in 3 7; head xx*; rm xx*
csplit --suppress-matched -z in '/[27]/' '{*}'; head xx*; rm xx*
csplit --suppress-matched in '%4%' /8/; head xx*; rm xx*
csplit --suppress-matched in /5/ '{1}'; echo "[$?]"
