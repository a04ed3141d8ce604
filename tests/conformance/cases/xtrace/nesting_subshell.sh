# check-stderr
set -x
(echo sub)
