trap 'echo term' TERM
kill $$
trap - TERM
trap -p
echo before
kill -TERM $$
echo not reached
