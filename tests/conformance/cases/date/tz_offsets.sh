TZ=Asia/Kolkata date -d '2024-01-15 12:00' '+%z %:z %::z %:::z %Z'
