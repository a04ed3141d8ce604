printf '\377\376\200\177' | od -A n -t d1 -t d2 -t d4
