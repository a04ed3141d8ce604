printf 'a\nb\n' | unix2dos -c mac | od -c
printf 'a\nb\n' | unix2dos -l | od -c
printf 'a\r\nb\n' | unix2dos -c ascii | od -c
