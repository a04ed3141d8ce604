printf '2024-01-01\n@0\n2024-12-25 10:00\n' > dates
date -u -f dates '+%F %H'
