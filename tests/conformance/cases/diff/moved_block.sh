printf '%s\n' a b c d e f g h > f1; printf '%s\n' a e f g b c d h > f2
diff f1 f2
diff -u --label x --label y f1 f2
