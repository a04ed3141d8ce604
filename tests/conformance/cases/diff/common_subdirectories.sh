mkdir -p a/sub b/sub
printf '1\n' > a/f; printf '2\n' > b/f; printf 'o\n' > b/only
diff a b; echo "status $?"
