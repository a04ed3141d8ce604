# `set -o` and `set +o` in posix mode, and after leaving it.
set -o posix
set -o
set +o
shopt -o posix
shopt -po posix
echo "$SHELLOPTS"
set +o posix
set -o | grep posix
set +o | grep posix
echo "$SHELLOPTS"
