# ?:, &&, ||, ! and short-circuit evaluation.
awk 'BEGIN {
  print (1 ? "yes" : "no"), (0 ? "yes" : "no"), (1 && 0), (0 || 2), !0, !"", !"x"
  x = 0; y = (x && (z = 1)); print z "|"
  n = 5; print (n > 3 ? n > 4 ? "big" : "mid" : "small")
}'
