# check-stderr
# A pipeline's simple stages run the DEBUG trap in the shell itself, in
# order, before the stages start (its assignments stay); a compound stage
# does not inherit the trap.
trap 'echo "D: $BASH_COMMAND ($LINENO)" >&2; n=$((n + 1))' DEBUG
n=0
echo a |
    tr a b
echo c | { cat; }
echo d | while read -r l; do echo "got $l"; done
echo e | cat | tr e f
trap - DEBUG
echo "n=$n"
