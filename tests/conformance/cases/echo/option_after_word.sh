echo word -n
