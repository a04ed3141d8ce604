# check-stderr
mkdir d
strings d; echo "status $?"
printf 'abcd' | strings -t z 2>/dev/null; echo "status $?"
printf 'abcd' | strings --bogus 2>/dev/null; echo "status $?"
