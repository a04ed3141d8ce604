nice -n 100 nice
nice -n 15 nice -n 15 nice
