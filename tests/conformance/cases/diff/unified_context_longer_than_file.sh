printf 'a\nb\nc\n' > f1; printf 'a\nX\nc\n' > f2
diff -U 10 --label x --label y f1 f2
diff -U 1 --label x --label y f1 f2
