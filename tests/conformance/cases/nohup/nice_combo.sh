nohup nice -n 3 nice | cat
