printf 'a\nb' > f1; printf 'a\nb\n' > f2
diff -u --label x --label y f1 f2; echo "status $?"
diff -u --label x --label y f2 f1; echo "status $?"
