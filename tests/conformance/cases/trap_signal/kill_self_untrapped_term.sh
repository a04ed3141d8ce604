kill -TERM $$
echo not reached
