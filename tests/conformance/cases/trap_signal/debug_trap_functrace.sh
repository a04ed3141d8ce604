f() { echo "in f"; }
trap 'echo "debug: $BASH_COMMAND"' DEBUG
f
set -T
f
set +T
trap - DEBUG
