read -t 0.1 x <<< "quick"
echo "status=$? x=$x"
