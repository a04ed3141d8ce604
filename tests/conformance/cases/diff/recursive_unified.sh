mkdir -p a/d b/d
printf 'hello\nworld\n' > a/d/f; printf 'hello\nthere\n' > b/d/f
printf 'x\n' > a/top; printf 'x\n' > b/top
touch -d '2024-01-02 03:04:05' a/d/f b/d/f
diff -ru a b; echo "status $?"
