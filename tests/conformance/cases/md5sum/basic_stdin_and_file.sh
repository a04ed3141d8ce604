printf 'hello\n' | md5sum
printf 'hello\n' > f; md5sum f; echo "status $?"
