(sleep 0.05; exit 1) &
(sleep 0.15; exit 2) &
wait -n; a=$?
wait -n; b=$?
wait -n; c=$?
echo "$a $b $c"
