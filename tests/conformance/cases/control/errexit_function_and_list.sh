# A function whose last command is a failing && list returns non-zero,
# and set -e stops at the call.
set -e
f() { false && true; }
echo before
f
echo not reached
