# check-stderr
# Cleanup handlers installed with trap, listed with trap -p, reset with
# trap -, and a background job killed by signal name.
cleanup() { echo "cleanup $1"; }
trap -- 'cleanup EXIT' EXIT
trap 'cleanup USR1' USR1
trap -p USR1 EXIT
kill -s USR1 $$
trap - USR1
trap -p USR1
echo "usr1 reset: $?"
sleep 5 &
pid=$!
kill -TERM -- "$pid"
wait "$pid"
echo "job status $? ($(kill -l $?))"
kill -l -- 9 15
trap -l | head -1
echo done
