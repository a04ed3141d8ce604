printf '%s\n' '$$A' '$${A}' '\$A' | A=v envsubst
