# printf's 'c argument is the first byte under LC_ALL=C, the character's code point in UTF-8
printf '%d %d %x %o\n' "'é" "'a" "'é" "'é"
printf '%d\n' '"ü'
LC_ALL=C.UTF-8
printf '%d %d %x %o\n' "'é" "'a" "'é" "'é"
printf '%d\n' '"ü'
