TZ=America/New_York date -d '2024-07-04 12:00' '+%F %T %Z %z'; TZ=America/New_York date -d '2024-01-04 12:00' '+%F %T %Z %z'
