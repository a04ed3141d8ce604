# check-stderr
printf 'a\0b\n' | { read -r x; echo "$x ${#x}"; }
