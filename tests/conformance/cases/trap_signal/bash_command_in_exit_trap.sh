# In the EXIT trap $BASH_COMMAND stays the last command run before it.
trap 'echo "exit: $BASH_COMMAND"; echo "again: $BASH_COMMAND"' EXIT
f() { echo in f; }
f
( trap 'echo "sub: $BASH_COMMAND"' EXIT; true inner )
set -e
false arg
echo never
