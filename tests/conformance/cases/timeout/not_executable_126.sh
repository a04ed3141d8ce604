# check-stderr
printf 'echo hi\n' > script
timeout 1 ./script; echo "status $?"
