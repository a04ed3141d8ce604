mapfile -t -s 5 a <<< "x"
echo "n=${#a[@]}"
mapfile -t a < /dev/null
echo "n=${#a[@]}"
declare -p a
