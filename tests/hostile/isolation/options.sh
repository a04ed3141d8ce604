# Shell options set by the other session are not set here.
# peer: set -euo pipefail; set -f; shopt -s nullglob extglob failglob
# expect-stop: none
# expect-stdout: clean
# expect-stdout: 0
# expect-stdout: nomatch*
# expect-stdout: still here
case $- in *e* | *u* | *f*) echo "leaked: $-" ;; *) echo clean ;; esac
false | true; echo "$?"
echo nomatch*
false
echo still here
