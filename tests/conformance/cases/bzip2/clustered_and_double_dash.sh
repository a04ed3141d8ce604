# check-stderr
printf 'dash\n' > -f
bzip2 -kv9 -- -f; echo "status $?"; ls
bzip2 -dc -- -f.bz2; echo "status $?"
bzip2 -tq -- -f.bz2; echo "status $?"
