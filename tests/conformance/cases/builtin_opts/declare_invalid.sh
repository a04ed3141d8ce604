# check-stderr
declare -Q x
echo "status=$?"
typeset -y x
echo "status=$?"
