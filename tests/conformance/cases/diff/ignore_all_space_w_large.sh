# 2,000 lines of code-like text; -w ignores every change of white space, even inside words' gaps, while real edits show.
awk 'BEGIN { seed = 61
  for (i = 1; i <= 2000; i++) {
    seed = (seed * 16807) % 2147483647
    printf "if (x%d == %d) { y = f(x%d); }\n", seed % 50, i, seed % 7 } }' > f1
awk 'BEGIN { seed = 67 }
{ seed = (seed * 16807) % 2147483647; k = seed % 40
  if (k == 0) { gsub(/ /, ""); print }
  else if (k == 1) { gsub(/\(/, " ( "); print }
  else if (k == 2) { sub(/y =/, "z ="); print }
  else if (k == 3) { print; print "   " }
  else print }' f1 > f2
diff -w f1 f2; echo "status $?"
