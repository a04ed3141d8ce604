# check-stderr
printf 'a\n' | egrep zzz; echo "status $?"
egrep a missing_file; echo "status $?"
fgrep -q a missing_file; echo "status $?"
printf 'a\n' | egrep -Q a; echo "status $?"
