date -u -d '5 Mar 2024 10:00' '+%F %R'; date -u -d 'March 5, 2024' '+%F'
