printf 'a\r\nb\r\n' | dos2unix -l | od -c
printf 'caf\351\r\n' | dos2unix -7 | od -c
printf 'a\r\n' | dos2unix -c ascii | od -c
