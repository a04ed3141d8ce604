# Functions of the other session are not defined here.
# peer: peerfn() { echo peer-secret-fn; }; export -f peerfn 2>/dev/null; true
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
# expect-stderr-contains: peerfn: command not found
# forbid: peer-secret-fn
declare -F
declare -f
type peerfn 2>/dev/null
peerfn
