# check-stderr
printf 'aGVsbG8' | base64 -d; s=$?; echo; echo "status $s"
printf 'aGVsbA=' | base64 -d; s=$?; echo; echo "status $s"
