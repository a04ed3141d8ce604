# check-stderr
printf 'x' > a
du -b nosuch a; echo "status $?"
