# check-stderr
trap "echo k" KILL; echo "k $?"
trap "echo s" STOP; echo "s $?"
trap -p
trap -l | head -2
kill -l SIGRTMIN+20
trap "echo x" 0
trap -p 0
trap -p USR1 EXIT
trap -p FOO; echo "status $?"
trap - EXIT
