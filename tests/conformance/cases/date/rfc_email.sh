date -u -d @1700000000 -R; TZ=America/New_York date -d @1700000000 -R
