# check-stderr
printf 'a\na\n' | uniq -c -D; echo "status $?"
