# check-stderr
printf 'a\n' > f; printf 'b\n' > f.xz
xz f; echo "status $?"
xz -f f; echo "status $?"; ls
