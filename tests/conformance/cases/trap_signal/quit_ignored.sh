kill -QUIT $$
echo after
( kill -QUIT $BASHPID; echo not )
echo "sub $?"
trap 'echo quit' QUIT
kill -QUIT $$
