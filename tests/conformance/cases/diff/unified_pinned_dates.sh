printf 'a\nb\n' > f1; printf 'a\nc\n' > f2
touch -d '2024-01-02 03:04:05' f1; touch -d '2024-02-03 04:05:06' f2
diff -u f1 f2; echo "status $?"
