printf 'data\n' > f
xz f; echo "status $?"; ls
unxz f.xz; echo "status $?"; ls; cat f
