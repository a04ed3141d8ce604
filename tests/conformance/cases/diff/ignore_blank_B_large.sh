# 3,000 lines with blank lines added and removed all over (ignored by -B) and a few real changes (reported).
awk 'BEGIN { seed = 71
  for (i = 1; i <= 3000; i++) {
    seed = (seed * 16807) % 2147483647
    if (seed % 9 == 0) print ""; else printf "row %d: %d\n", i, seed % 997 } }' > f1
awk 'BEGIN { seed = 73 }
{ seed = (seed * 16807) % 2147483647; k = seed % 30
  if (k == 0) { print; print "" }
  else if (k == 1 && $0 == "") next
  else if (k == 2 && NR % 7 == 0) print $0 " edited"
  else print }' f1 > f2
diff -B f1 f2; echo "status $?"
diff f1 f2 | grep -c '^[0-9]'
