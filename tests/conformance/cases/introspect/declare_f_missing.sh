declare -f nosuch
echo "status=$?"
