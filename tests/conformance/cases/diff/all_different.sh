printf '%s\n' 1 2 3 > f1; printf '%s\n' x y > f2
diff f1 f2; diff -c --label x --label y f1 f2
