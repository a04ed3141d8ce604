f() { sleep 0.3 & }
sleep 0.3 &
{ sleep 0.3 & }
f
jobs
jobs -r | wc -l
wait
