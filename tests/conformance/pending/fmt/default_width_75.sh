printf '%s ' $(seq 1 40) | fmt
