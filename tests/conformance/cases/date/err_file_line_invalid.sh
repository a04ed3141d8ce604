# check-stderr
printf '2024-01-01\nbogus\n' > dates
date -u -f dates '+%F'; echo "status $?"
