declare -A h=([one]=1)
declare -p h
h[two]=2
declare -p h | grep -o '\[[a-z]*\]=[^ ]*' | sort
