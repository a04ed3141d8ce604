# 3,000 lines drawn from few distinct values (each repeated many times) with unique lines scattered in: the repeated ones between unique changes are "confusing" and GNU's discard_confusing_lines leaves them out of the search.
awk 'BEGIN { seed = 3
  for (i = 1; i <= 3000; i++) {
    seed = (seed * 16807) % 2147483647
    if (seed % 10 < 7) printf "common %d\n", seed % 6; else printf "unique %d\n", i } }' > f1
awk 'BEGIN { seed = 17 }
{ seed = (seed * 16807) % 2147483647; k = seed % 25
  if (k == 0) printf "new %d\n", NR
  else if (k == 1) { print; printf "common %d\n", seed % 6 }
  else if (k == 2) next
  else print }' f1 > f2
diff f1 f2 | head -n 400; echo "status ${PIPESTATUS[0]}"
