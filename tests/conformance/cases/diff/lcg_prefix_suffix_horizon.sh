# Changes next to long identical beginnings and ends, with "}" and blank lines at the edges: GNU compares only the middle (less the context), which decides where such runs land; normal, -u and -U0 differ.
awk 'BEGIN { for (i = 1; i <= 1200; i++) { if (i % 4 == 0) print "}"; else if (i % 4 == 1) print ""; else printf "s%d\n", i } }' > f1
awk '{ print } NR == 600 { print "}"; print "" } NR == 1196 { print ""; print "}" }' f1 > f2
awk 'NR == 3 { print "}"; print "" } { print }' f1 > f3
diff f1 f2; echo "status $?"
diff -u --label f1 --label f2 f1 f2; echo "status $?"
diff -U0 --label f1 --label f2 f1 f2; echo "status $?"
diff f1 f3; diff -U1 --label f1 --label f3 f1 f3; echo "status $?"
