# check-stderr
printf 'D1IMOR3F\n' | basenc --base32hex -d; echo "status $?"
printf 'D1IM*OR3F!\n' | basenc --base32hex -di; echo "status $?"
printf 'd1imor3f' | basenc --base32hex -d; echo "status $?"
