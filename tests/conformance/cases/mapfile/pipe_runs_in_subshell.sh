printf 'a\n' | mapfile -t arr
echo "n=${#arr[@]}"
