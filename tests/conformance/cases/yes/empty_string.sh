yes '' | head -n 3 | od -c
