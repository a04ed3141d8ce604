yes | head -n 3
yes abc | head -c 10; echo
yes | head -n 2 -q
