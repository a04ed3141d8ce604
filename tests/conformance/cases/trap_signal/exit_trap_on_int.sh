trap 'echo cleanup' EXIT
kill -INT $$
echo not reached
