# check-stderr
sleep 0.3 & sleep 0.3 &
jobs -p | wc -l
jobs -l | wc -l
jobs -r | wc -l
jobs -s | wc -l
jobs -n >/dev/null; echo "st=$?"
jobs -lp %1 | wc -l
jobs %9; echo "st=$?"
disown -r %1; echo "st=$?"
jobs | wc -l
disown -a; jobs | wc -l
wait; echo "st=$?"
sleep 0.2 &
disown -h %1; echo "st=$?"
wait -f %1 2>&1; echo "st=$?"
wait -n; echo "st=$?"
wait -n 2>&1; echo "st=$?"
wait 12345; echo "st=$?"
