yes | tail -n +3 | head -n 2
yes abc | tail -c +3 | head -c 5; echo
