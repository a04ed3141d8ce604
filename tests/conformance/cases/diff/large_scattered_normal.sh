awk 'BEGIN { for (i = 1; i <= 1200; i++) print "line " (i * 7919 % 1000) }' > f1
awk '{ if (NR % 53 == 0 || NR % 89 == 0) next; if (NR % 131 == 0) print "new " NR; print }' f1 > f2
diff f1 f2; echo "status $?"
