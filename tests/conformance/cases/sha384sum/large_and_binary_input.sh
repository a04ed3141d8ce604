seq 1 100000 | sha384sum
printf '\0\377\001\200' | sha384sum
yes abc | head -n 50000 | sha384sum
