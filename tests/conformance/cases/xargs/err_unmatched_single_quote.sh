# check-stderr
printf "a 'b\n" | xargs echo; echo "status $?"
