mkdir -p a/sub b/sub a/adir
printf 'x\n' > a/same; printf 'x\n' > b/same
printf '1\n' > a/sub/f; printf '2\n' > b/sub/f
printf 'gone\n' > a/old; printf 'new\n' > b/new
diff -r a b; echo "status $?"
