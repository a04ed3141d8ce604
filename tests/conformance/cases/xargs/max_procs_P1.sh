printf '1 2 3\n' | xargs -P 1 -n 1 echo
