trap 'echo ten' 10
kill -10 $$
trap -p 10
