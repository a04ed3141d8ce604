printf '%s\n' '${A:-x} ${A-y} ${A:=z} ${#A} ${A/a/b}' | A=abc envsubst
