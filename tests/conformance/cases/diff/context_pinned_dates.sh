printf 'a\nb\n' > f1; printf 'a\nc\n' > f2
touch -d '2024-01-02 03:04:05' f1 f2
diff -c f1 f2
