date -u -d 'TZ="Asia/Kolkata" 2024-01-15 12:00' '+%F %T %Z'
