printf '1 2\n' | xargs -n1 sh -c 'exit 0'; echo "status $?"
