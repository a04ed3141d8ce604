# jobs shows each job's command as bash prints commands, not as written.
( while :; do :; done ) &
{ sleep 5;   echo   done; } &
sleep 5 |   cat &
jobs
kill %1 %2 %3
wait
echo end
