printf '%5.2Q|\n' 'a b c'
printf '%-8Q|\n' "it's"
printf '%.0Q|\n' abc
printf '%Q\n' '$x'
