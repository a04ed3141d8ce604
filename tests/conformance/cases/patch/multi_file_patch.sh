mkdir a b
printf '1\n' > a/x; printf '2\n' > b/x
printf 'p\n' > a/y; printf 'q\n' > b/y
diff -ru a b > p
rm -r b; mv a work
cd work && patch -p1 < ../p; echo "status $?"
cat x y
