printf 'a\n' > f1; printf 'b\n' > f2
diff --label x --label y f1 f2; echo "status $?"
diff -q --label x --label y f1 f2
