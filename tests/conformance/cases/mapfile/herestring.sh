mapfile -t arr <<< $'one\ntwo'
echo "${arr[1]}"
