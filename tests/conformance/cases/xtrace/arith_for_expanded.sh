# check-stderr
# `set -x` shows each expression of `for ((;;))` expanded, less its
# leading blanks; an empty one as `(( 1 ))`.
n=1
set -x
for (( j = $n ; j < 2; j++ )); do :; done
for ((;i<n;)); do i=1; done
set +x
