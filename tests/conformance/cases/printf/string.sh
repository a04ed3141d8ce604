printf '%s\n' hello
printf '[%s]\n' 'a b'
printf 'no newline'
printf '\n'
