# check-stderr
set -x
eval 'echo from eval'
