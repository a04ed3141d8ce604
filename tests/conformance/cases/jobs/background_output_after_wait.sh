{ echo from background; } &
wait
echo after wait
