declare -x E=1
env | grep '^E='
