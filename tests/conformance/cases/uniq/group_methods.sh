printf 'a\na\nb\nc\nc\n' | uniq --group=append
printf -- '--\n'
printf 'a\na\nb\n' | uniq --group=both
printf -- '--\n'
printf 'a\na\nb\nc\nc\n' | uniq --all-repeated=prepend
printf -- '--\n'
printf 'a\na\nb\n' | uniq -u -D
printf -- '--\n'
printf 'a\na\nb\n' | uniq -D -u
