# check-stderr
wait -Q
echo "status=$?"
wait -p
echo "status=$?"
( sleep 1; exit 3 ) &
wait -fn -p who
echo "status=$? $([[ $who == "$!" ]] && echo same)"
wait --
echo "status=$?"
