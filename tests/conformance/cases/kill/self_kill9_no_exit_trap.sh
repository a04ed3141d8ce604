trap 'echo exit trap' EXIT
echo before
kill -9 $$
echo not reached
