# check-stderr
declare -t tv=1
echo "t=$?"
declare -I iv=2
echo "I=$?"
echo "$tv"
declare -p iv
