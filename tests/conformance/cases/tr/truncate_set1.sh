echo abcdef | tr -t abcdef xy
