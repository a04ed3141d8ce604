echo abcdef | tr abcdef xy
