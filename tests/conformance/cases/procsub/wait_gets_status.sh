cat <(exit 3)
wait $!
echo "status=$?"
