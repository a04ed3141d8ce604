printf '0 1 0 2\n' | xargs -P 2 -n 1 sh -c 'exit $0'; echo "status $?"
printf '0 0\n' | xargs -P 0 -n 1 sh -c 'exit $0'; echo "status $?"
