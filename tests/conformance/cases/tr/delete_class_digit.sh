echo 'a1b2c3 456' | tr -d '[:digit:]'
