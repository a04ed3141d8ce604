printf 'hello\n' | cksum
printf '' | cksum
printf 'hello\n' > f; cksum f; echo "status $?"
