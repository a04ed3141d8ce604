# Without `set -E` a function does not see the caller's ERR trap; one it
# sets itself fires in it, for the rest of the call, and stays after it
# returns. A function that sets none gets the caller's back.
trap 'echo "TOP $LINENO"' ERR
f() {
    false
    trap 'echo "F $LINENO"' ERR
    false
    echo "after in f"
}
f
false
trap -p ERR
g() { false; echo "g ran"; }
g
trap 'echo "TOP2 $LINENO"' ERR
h() { false; }
h
trap -p ERR
