# check-stderr
trap 'echo "line $LINENO" >&2' DEBUG
true
false
trap - DEBUG
