printf '%032d' 0 | od -c
