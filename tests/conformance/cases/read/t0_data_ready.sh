echo hi > f
read -t 0 < f
echo "status=$?"
