# getline forms: plain, var, < file; NR and FNR.
printf 'l1\nl2\nl3\nl4\n' > in
awk 'NR == 1 { getline; print "after getline:", $0, NR } NR == 3 { getline x; print "var:", x, $0, NR }' in
awk 'BEGIN { while ((getline l < "in") > 0) n++; print n, NR }'
awk 'BEGIN { print (getline l < "nonexistent") }'
rm in
