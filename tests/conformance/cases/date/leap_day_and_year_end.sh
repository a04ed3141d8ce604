date -u -d '2024-02-29' '+%j %a'; date -u -d '2023-12-31 23:59:59 UTC +1 second' '+%F %T'
