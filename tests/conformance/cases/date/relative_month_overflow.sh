date -u -d '2024-01-31 +1 month' '+%F'
