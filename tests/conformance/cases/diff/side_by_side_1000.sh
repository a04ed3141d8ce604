# -y -W 80 over 1,000 generated lines with scattered edits, tabs and long lines: columns, gutters and truncation as GNU lays them out.
awk 'BEGIN { seed = 83
  for (i = 1; i <= 1000; i++) {
    seed = (seed * 16807) % 2147483647; k = seed % 12
    if (k == 0) printf "\tindented %d\n", i
    else if (k == 1) printf "a long line number %d that goes past the half width of the side by side view\n", i
    else if (k == 2) print ""
    else printf "l%d\n", i } }' > f1
awk 'BEGIN { seed = 89 }
{ seed = (seed * 16807) % 2147483647; k = seed % 30
  if (k == 0) next
  else if (k == 1) print $0 "x"
  else if (k == 2) { print; print "added " NR }
  else print }' f1 > f2
diff -y -W 80 f1 f2; echo "status $?"
