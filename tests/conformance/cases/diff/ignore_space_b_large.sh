# 2,500 generated lines; some only change their spacing (ignored by -b), some change words (reported).
awk 'BEGIN { seed = 41
  for (i = 1; i <= 2500; i++) {
    seed = (seed * 16807) % 2147483647
    printf "  item %d  value %d\n", i, seed % 1000 } }' > f1
awk 'BEGIN { seed = 43 }
{ seed = (seed * 16807) % 2147483647; k = seed % 50
  if (k == 0) { gsub(/  /, " "); print $0 "   " }
  else if (k == 1) { gsub(/ /, "\t"); print }
  else if (k == 2) { sub(/value/, "VALUE"); print }
  else if (k == 3) print "  item  " NR
  else print }' f1 > f2
diff -b -u --label f1 --label f2 f1 f2; echo "status $?"
diff -u --label f1 --label f2 f1 f2 | grep -c '^[-+]'
