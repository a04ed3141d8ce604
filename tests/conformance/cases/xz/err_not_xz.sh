# check-stderr
printf 'plain\n' > x.xz
unxz x.xz; echo "status $?"
ls
