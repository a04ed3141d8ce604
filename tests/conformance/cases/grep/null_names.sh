# check-stderr
printf "a\n" > f
printf "a\n" > g
grep -Z a f g | od -c
grep -Zn a f g | od -c
grep --null -c a f g | od -c
grep -Z a f | od -c
