# check-stderr
printf 'a\n' | grep -Q a; echo "status $?"
grep --bogus a; echo "status $?"
grep -e; echo "status $?"
