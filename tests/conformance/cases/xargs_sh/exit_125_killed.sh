# check-stderr
printf 'a b\n' | xargs -n1 sh -c 'echo run $0; kill -9 $$'; echo "status $?"
