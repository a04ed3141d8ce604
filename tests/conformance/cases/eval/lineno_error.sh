# check-stderr
eval 'echo ok
nosuch_in_eval'
echo "status=$?"
