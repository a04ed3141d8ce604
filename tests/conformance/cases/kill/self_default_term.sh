echo before
kill $$
echo not reached
