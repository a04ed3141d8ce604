seq 6 | xargs -P 3 -n 1 sh -c 'echo "item $0"' | sort
seq 4 | xargs -P 2 -n 2 echo | sort; echo "status $?"
