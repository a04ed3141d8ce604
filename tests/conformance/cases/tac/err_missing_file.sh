# check-stderr
printf 'a\n' > f
tac f nosuch; echo "status $?"
