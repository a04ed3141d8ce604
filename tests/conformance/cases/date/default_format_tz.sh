TZ=America/New_York date -d '2024-07-04 09:05:01'
