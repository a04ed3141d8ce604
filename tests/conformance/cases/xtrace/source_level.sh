# check-stderr
echo 'echo in-source' > lib.sh
set -x
source ./lib.sh
(echo subshell)
f() { echo "$(echo in-func)"; }
f
