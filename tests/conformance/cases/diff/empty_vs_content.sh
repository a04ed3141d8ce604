: > e; printf 'a\nb\n' > f
diff e f; echo "status $?"
diff -u --label e --label f e f
diff -u --label f --label e f e
