true &
wait
jobs
echo end
