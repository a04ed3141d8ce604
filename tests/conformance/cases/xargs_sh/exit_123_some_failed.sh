printf '0 1 0\n' | xargs -n1 sh -c 'echo run $0; exit $0'; echo "status $?"
