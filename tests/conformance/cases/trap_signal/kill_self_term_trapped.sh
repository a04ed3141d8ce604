trap 'echo got TERM; exit 7' TERM
kill -TERM $$
echo not reached
