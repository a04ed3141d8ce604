printf 'a\nb\nc\n' | cut -d '
' -f1,3 | sed -n l
printf 'a\nb\nc' | cut -d '
' -f2- | sed -n l
printf 'a\nb\n' | cut -d '
' -f5 | sed -n l
printf 'a' | cut -s -d '
' -f1 | sed -n l
printf 'a\n' | cut -s -d '
' -f1 | sed -n l
printf 'a\0b' | cut -z -d '' -f2 | sed -n l
