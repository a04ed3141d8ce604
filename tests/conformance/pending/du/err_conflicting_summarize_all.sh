# check-stderr
printf 'x' > a
du -s -a a; echo "status $?"
