# check-stderr
touch -- -dash "sp ace" "UPPER" lower "_under" "1num"
ls; echo "s=$?"
ls -r; echo "s=$?"
ls -- -dash; echo "s=$?"
ls -1 | od -c | head -3
