# wc -m counts bytes under LC_ALL=C, characters in a UTF-8 locale
printf 'héllo wörld\n' | wc -m
printf 'héllo wörld\n' | LC_ALL=C.UTF-8 wc -m
printf 'héllo wörld\n' | LC_ALL= LC_CTYPE=C.UTF-8 wc -mc
