date -u -d '2024-01-01 +2 hours +30 minutes' '+%F %T'; date -u -d '2024-01-01 -1 week' '+%F'; date -u -d '2024-01-01 +1 year' '+%F'
