# check-stderr
printf 'abcdefghij\n' | xargs -s 5 echo; echo "status $?"
