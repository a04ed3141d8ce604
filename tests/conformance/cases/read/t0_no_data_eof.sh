read -t 0 < /dev/null
echo "status=$?"
