printf 'a b\nc d\n' | xargs -d '\n' -n1 printf '<%s>\n'
