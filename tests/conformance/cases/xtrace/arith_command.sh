# check-stderr
set -x
i=3
(( i += 2 ))
(( i > 1 ))
