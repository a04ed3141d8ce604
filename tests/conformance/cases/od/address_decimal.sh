seq 1 10 | od -A d -t c
