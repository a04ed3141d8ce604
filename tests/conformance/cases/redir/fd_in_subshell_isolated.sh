( exec 3>sub.txt; echo in >&3 )
echo out >&3 2>/dev/null || echo "fd 3 closed outside"
cat sub.txt
