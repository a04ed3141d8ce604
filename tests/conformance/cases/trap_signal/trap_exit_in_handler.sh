trap 'echo handler; exit 9' USR2
kill -USR2 $$
echo not reached
