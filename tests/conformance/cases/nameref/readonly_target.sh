# check-stderr
readonly ro=1
declare -n r=ro
r=2
echo "ro=$ro"
