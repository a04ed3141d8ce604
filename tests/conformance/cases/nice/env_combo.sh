nice -n 2 env nice
env nice -n 6 nice
