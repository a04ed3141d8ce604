# -F with a character, a tab, a regex; FS set in BEGIN.
printf 'a:b:c\n' | awk -F: '{ print $2 }'
printf 'a\tb c\td\n' | awk -F '\t' '{ print $2 }'
printf 'a1b22c333d\n' | awk -F '[0-9]+' '{ print $1 $2 $3 $4, NF }'
printf 'x,y;z\n' | awk 'BEGIN { FS = "[,;]" } { print $3, $1 }'
printf 'a|b|c\n' | awk -F'|' '{ print $2 }'
