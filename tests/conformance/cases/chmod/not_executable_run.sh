# check-stderr
printf "echo ran\n" > s.sh; chmod 644 s.sh; ./s.sh; echo "status $?"
