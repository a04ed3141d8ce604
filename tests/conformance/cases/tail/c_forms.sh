printf abcdef | tail -c 2; echo
printf abcdef | tail -c +3; echo
printf abcdef | tail -c -3; echo
printf abcdef | tail -c 100; echo
printf abcdef | tail -c 0 | wc -c
seq 100000 | tail -c 1K | wc -c
