# check-stderr
nice; echo "[$?]"
nice -n 5 nice
nice -n 3 nice -n 2 nice
nice -5 nice
nice --adjustment=7 nice
nice -n +4 nice
nice -n 19 nice
nice -n 30 nice
