date -u -d '2024-01-01 00:00 +2 hours 30 minutes' '+%F %T'; date -u -d '2023-12-31 23:59:59 +1 second' '+%F %T'
