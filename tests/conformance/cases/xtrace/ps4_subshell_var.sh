# check-stderr
PS4='+$BASH_SUBSHELL> '
set -x
(echo one)
x=$(echo two)
set +x
echo "$x"
