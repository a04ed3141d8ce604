# check-stderr
wait -Q
echo "status=$?"
wait -p
echo "status=$?"
( exit 3 ) &
wait -fn -p who
echo "status=$? $([[ $who == "$!" ]] && echo same)"
wait --
echo "status=$?"
