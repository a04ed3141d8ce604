# check-stderr
printf 'x' | basenc; echo "status $?"
