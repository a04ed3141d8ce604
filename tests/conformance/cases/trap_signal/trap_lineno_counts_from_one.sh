trap 'echo "usr1 at $LINENO"' USR1
trap 'echo "exit at $LINENO"
echo "then $LINENO"' EXIT
echo start
kill -USR1 $$
f() { exit 3; }
f
