# check-stderr
printf 'hello' | base32 -w ' 5'
printf 'hello' | base32 -w +5
printf 'hello' | base32 -w 05
printf 'hello' | base32 -w 99999999999999999999
printf 'hello' | base32 -w -0; echo
printf 'hello' | base32 -w 5x; echo "status $?"
printf 'hello' | base32 -w ''; echo "status $?"
printf 'hello' | base32 -w 0x5; echo "status $?"
