# 2,000 lines where half are "{", "}" or blank: blocks of such lines inserted and deleted among them can sit in many places, and GNU's shift_boundaries picks one.
awk 'BEGIN { seed = 5
  for (i = 1; i <= 2000; i++) {
    seed = (seed * 16807) % 2147483647; k = seed % 6
    if (k == 0) print "{"; else if (k == 1) print "}"; else if (k == 2) print ""
    else printf "stmt %d;\n", seed % 300 } }' > f1
awk 'BEGIN { seed = 9 }
{ seed = (seed * 16807) % 2147483647; k = seed % 40
  if (k == 0) { print; print "}"; print ""; print "{" }
  else if (k == 1) next
  else if (k == 2) { print "{"; print; print "}" }
  else print }' f1 > f2
diff -u --label f1 --label f2 f1 f2; echo "status $?"
