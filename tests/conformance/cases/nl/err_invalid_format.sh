# check-stderr
printf 'a\n' | nl -n xx; echo "status $?"
