# check-stderr
# SHELLOPTS and BASHOPTS list the set -o and shopt options that are on,
# follow every change, and are readonly.
echo "$SHELLOPTS"
echo "$BASHOPTS"
set -o pipefail -u
shopt -s nullglob extglob
echo "$SHELLOPTS"
echo "$BASHOPTS"
declare -p SHELLOPTS
SHELLOPTS=x
echo "assign: $?"
f() {
  local -
  set -x
  echo "in f: $SHELLOPTS"
} 2>/dev/null
f
echo "after f: $SHELLOPTS"
(set -e; echo "subshell: $SHELLOPTS")
set +o pipefail +u
shopt -u nullglob extglob
echo "$SHELLOPTS"
bash -o errexit -c 'echo "child: $SHELLOPTS"'
readonly -p | grep -c 'OPTS='
