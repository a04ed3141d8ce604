true &
sleep 0.3
jobs
echo "again:"
jobs
echo end
