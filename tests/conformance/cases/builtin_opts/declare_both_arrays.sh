# check-stderr
declare -aA both
echo "st=$?"
declare -Aa other
echo "st=$?"
