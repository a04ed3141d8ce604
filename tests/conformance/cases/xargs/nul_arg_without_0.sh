# check-stderr
printf 'a\0b\n' | xargs echo; echo "status $?"
