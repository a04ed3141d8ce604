# check-stderr
printf '\x42\x5a\x68\x39\x31\x41\x59\x26\x53\x59\x1d\x5e\x59\xd5\x00\x00\x00\xc1\x00\x00\x10\x00\x60\x20\x00\x21\x98\x19\x84\x61\x77\x24\x53\x85\x09\x01\xd5\xe5\x9d\x50' > hi.bz2
printf 'plain\n' > p
bzip2 -tv hi.bz2; echo "status $?"
bzip2 -tv p; echo "status $?"
bzip2 -t nosuch; echo "status $?"
printf 'a\n' | bzcat; echo "status $?"
ln -s p l; bzip2 l; echo "status $?"
bzip2 -v hi.bz2; echo "status $?"
bunzip2 -v hi.bz2; echo "status $?"; cat hi
