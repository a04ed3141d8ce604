# check-stderr
printf 'a\n' | uniq -f x; echo "status $?"
