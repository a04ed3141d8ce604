builtin
echo "status=$?"
