# Posix mode and POSIXLY_CORRECT follow each other: `set -o posix` sets
# it to `y`, `set +o posix` unsets it; setting it (even empty) turns posix
# mode on, unsetting it off, also as a local or a prefix assignment.
set -o posix
echo "[$POSIXLY_CORRECT]"
set +o posix
echo "${POSIXLY_CORRECT-unset}"
POSIXLY_CORRECT=1
set -o | grep posix
unset POSIXLY_CORRECT
set -o | grep posix
POSIXLY_CORRECT=
shopt -op posix
shopt -uo posix
echo "${POSIXLY_CORRECT-unset}"
f() { local POSIXLY_CORRECT=1; shopt -op posix; }
f
shopt -op posix
POSIXLY_CORRECT=x true
shopt -op posix
