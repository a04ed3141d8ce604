printf '\357\273\277a\r\nb\r\n' | dos2unix | od -c
printf '\357\273\277a\r\n' | dos2unix -k -b -q | od -c
printf 'a\r\n' | dos2unix -m | od -c
