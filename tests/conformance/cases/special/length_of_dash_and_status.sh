# ${#-} and ${#?} are the lengths of $- and $?, not $# with an operator.
set -- a b
echo ${#-} ${#?}
(exit 12); echo ${#?}
echo ${#-x} "${#?y}" ${#:-z}
set -f; echo ${#-}
