date -u -d '2024-01-01 tomorrow' +%F; date -u -d '2024-01-01 yesterday' +%F; date -u -d '2024-01-01 00:00 next hour' '+%F %T'
