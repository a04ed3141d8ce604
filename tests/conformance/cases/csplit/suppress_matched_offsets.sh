printf 'a\n--\nb\nc\n--\nd\n' > in
csplit -s --suppress-matched in '/^--$/' '{*}'; head xx*; rm xx*
csplit -s --suppress-matched in '/^--$/+1' ; head xx*; rm xx*
csplit -s --suppress-matched in 2 '{1}'; head xx*
