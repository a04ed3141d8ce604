TZ=America/New_York date -d @1700000000 '+%F %T %Z'; TZ=Asia/Kolkata date -d @1700000000 '+%F %T %Z'
