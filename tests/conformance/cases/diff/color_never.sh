printf 'a\n' > f1; printf 'b\n' > f2
diff --color=never -u --label x --label y f1 f2; echo "status $?"
