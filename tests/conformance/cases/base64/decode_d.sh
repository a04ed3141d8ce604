printf 'aGVsbG8gd29ybGQK\n' | base64 -d; echo "status $?"
printf 'aGVsbG8gd29ybGQK' | base64 --decode
