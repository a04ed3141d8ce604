# check-stderr
printf 'a\n' | unexpand -t a; echo "status $?"
