printf '\0\377\001\n\200' | sum; printf '\0\377\001\n\200' | sum -s
