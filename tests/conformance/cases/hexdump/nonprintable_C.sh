printf '\0\001\037 ~\177\200\377\n\t' | hexdump -C
