# In posix mode `export -p` and `readonly -p` print in their own form:
# `export NAME=value`, `readonly -a arr=(...)` (only an array's kind);
# `declare -p` is unchanged.
export X=1
declare -x Z
readonly R=2
readonly -a arr=(1 "two")
declare -A m
readonly m
declare -rx RX="a b"
declare -ri I=3
set -o posix
export -p | grep -E ' (X|Z|RX)(=|$)'
readonly -p | grep -E ' (R|arr|m|RX|I)(=|$)'
declare -p X RX I
set +o posix
export -p | grep -E ' (X|Z|RX)(=|$)'
readonly -p | grep -E ' (R|arr|m|RX|I)(=|$)'
