# Concatenation, comparison of strings and numbers, strnums from input.
awk 'BEGIN { a = "x"; b = 1; print a b 2, a (b + 2) }'
awk 'BEGIN { print ("a" < "b"), ("10" < "9"), (10 < 9), ("abc" == "abc"), (2 == 2.0) }'
echo "10 9 abc 010" | awk '{ print ($1 > $2), ($3 > $1), ($1 == 10), ($4 == 10), ($4 == "10") }'
awk 'BEGIN { x; print (x == 0), (x == ""), length(x) }'
