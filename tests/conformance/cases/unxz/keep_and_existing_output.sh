# check-stderr
printf 'data\n' > f
xz -k f
unxz f.xz; echo "status $?"; ls
unxz -k -f f.xz; echo "status $?"; ls; cat f
unxz -f f.xz; echo "status $?"; ls
