mkdir -p a/s b/s
printf '1\n' > a/s/f; printf '2\n' > b/s/f; printf 'z\n' > a/z
diff -rq a b; echo "status $?"
