cat <(exit 3)
echo "status=$?"
