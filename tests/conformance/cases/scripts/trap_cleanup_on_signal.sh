cleanup() { echo "cleaning up after $1"; }
trap 'cleanup TERM; exit 143' TERM
trap 'cleanup EXIT' EXIT
echo "working"
kill -TERM $$
echo "not reached"
