printf '1\n2\n' | paste -d 'ab\\' - - -
printf '1\n2\n3\n' | paste -s -d '\n'
printf '' | paste - -
paste -s /dev/null | sed -n l
