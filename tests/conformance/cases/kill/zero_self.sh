kill -0 $$ && echo alive
kill -s 0 $$; echo "status $?"
kill -0 $BASHPID && echo bashpid
