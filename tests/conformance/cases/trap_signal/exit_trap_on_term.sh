trap 'echo exit trap $?' EXIT
kill -TERM $$
echo not reached
