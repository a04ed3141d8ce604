printf 'hello\n' > f
printf 'hellO\n' | cmp - f; echo "status $?"
printf 'hello\n' | cmp f; echo "status $?"
