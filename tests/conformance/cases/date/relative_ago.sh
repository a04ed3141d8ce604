date -u -d '2024-03-10 3 days ago' '+%F'
