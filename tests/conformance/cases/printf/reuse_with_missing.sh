printf '%s=%s\n' a 1 b
