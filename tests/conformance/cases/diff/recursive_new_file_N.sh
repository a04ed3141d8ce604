mkdir a b
printf 'keep\n' > a/k; printf 'keep\n' > b/k
printf 'fresh\nfile\n' > b/added; printf 'old\n' > a/removed
diff -rN a b; echo "status $?"
