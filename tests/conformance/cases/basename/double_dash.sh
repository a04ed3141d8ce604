basename -- -weird
