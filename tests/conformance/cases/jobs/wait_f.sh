(exit 6) &
wait -f $!
echo "status=$?"
