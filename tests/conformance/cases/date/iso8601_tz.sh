TZ=Asia/Kolkata date -d @1700000000 -Iseconds
