# check-stderr
printf 'echo hi\n' > script
echo a | xargs ./script; echo "status $?"
