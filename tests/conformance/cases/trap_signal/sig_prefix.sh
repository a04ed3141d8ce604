trap 'echo sigusr2' SIGUSR2
kill -s SIGUSR2 $$
trap -p USR2
