# 1,500 generated lines, edits scattered and one at the very end, where the last line loses its newline.
awk 'BEGIN { seed = 97
  for (i = 1; i <= 1500; i++) { seed = (seed * 16807) % 2147483647; printf "v%d\n", seed % 200 } }' > f1
awk 'BEGIN { seed = 101 }
{ seed = (seed * 16807) % 2147483647; k = seed % 50
  if (k == 0) next; else if (k == 1) print "w" NR; else print }' f1 | head -c -1 > f2
diff -u --label f1 --label f2 f1 f2; echo "status $?"
diff f2 f1 | tail -n 8; echo "status $?"
