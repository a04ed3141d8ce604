trap 'echo "ERR at status $?"' ERR
false
echo next
