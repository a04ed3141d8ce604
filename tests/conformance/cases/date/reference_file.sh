# -r prints a file's modification time; touch -d sets it.
touch -d '2024-02-03 04:05:06' f
date -u -r f '+%F %T'
date -u -r missing; echo "status $?"
