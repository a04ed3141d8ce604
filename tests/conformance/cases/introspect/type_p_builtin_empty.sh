type -p echo
echo "status=$?"
