(exit 3) &
(exit 4) &
wait
echo "status=$?"
