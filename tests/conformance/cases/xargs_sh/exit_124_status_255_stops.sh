# check-stderr
printf '1 2 3\n' | xargs -n1 sh -c 'echo run $0; [ $0 = 2 ] && exit 255; exit 0'; echo "status $?"
