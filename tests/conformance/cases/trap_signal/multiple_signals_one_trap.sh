trap 'echo caught' USR1 USR2
kill -USR1 $$
kill -USR2 $$
