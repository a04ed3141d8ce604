# check-stderr
printf 'one\n' > a
{ md5sum a; echo 'garbage line'; echo 'd41d8cd98f00b204e9800998ecf8427e'; } > sums
md5sum -c sums; echo "status $?"
md5sum -c --strict sums; echo "status $?"
md5sum -c -w sums; echo "status $?"
