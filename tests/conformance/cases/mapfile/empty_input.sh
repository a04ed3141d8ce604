mapfile -t arr < /dev/null
echo "n=${#arr[@]} status=$?"
