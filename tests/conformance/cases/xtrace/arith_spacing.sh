# check-stderr
set -x
((x=1+2))
((   y = x * 2   ))
for ((i = 0 ; i < 1 ; i++ )); do :; done
