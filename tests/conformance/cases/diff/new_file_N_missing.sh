printf 'line\n' > f1
diff -N f1 nosuch; echo "status $?"
diff -uN --label x --label y nosuch f1; echo "status $?"
