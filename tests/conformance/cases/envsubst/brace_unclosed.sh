printf '%s\n' '${A' '${A x' '${ A}' '${}' '${1}' | A=val envsubst
