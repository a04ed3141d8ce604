printf '%s\n' a b c
printf '%s=%s\n' k1 v1 k2
