# check-stderr
printf 'plain\n' > p.xz
unxz nosuch.xz; echo "status $?"
unxz p.xz; echo "status $?"; ls
