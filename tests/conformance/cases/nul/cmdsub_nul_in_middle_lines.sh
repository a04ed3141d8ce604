# check-stderr
x=$(printf 'l1\0\nl2')
printf '%s\n' "$x"
