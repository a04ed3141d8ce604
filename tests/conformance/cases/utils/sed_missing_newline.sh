printf 'a' | sed p
printf 'a\nb' | sed '$!d'
printf 'a' | sed 'a foo'
printf 'a\nb' | sed -n 'x;p'
printf 'a\nb' | sed 'x;G'
printf 'a\nb' | sed N
printf 'a' | sed -n 'p;p' | wc -c
