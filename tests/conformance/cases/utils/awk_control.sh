# if/else, while, do, for, break, continue, next, exit.
awk 'BEGIN {
  for (i = 0; i < 10; i++) { if (i == 2) continue; if (i == 5) break; printf "%d ", i }
  print ""
  while (j < 3) j++
  print j
  do k++; while (k < 0)
  print k
  if (k == 1) print "one"; else print "other"
}'
printf '1\n2\n3\n4\n' | awk '$1 == 2 { next } { print } $1 == 3 { exit } END { print "end" }'
