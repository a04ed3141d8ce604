printf '\377\376H\000i\000\n\000' | iconv -f UTF-16 -t UTF-8
printf 'H\000i\000\n\000' | iconv -f UTF-16LE -t UTF-8
printf '\000H\000i\000\n' | iconv -f UTF-16BE -t UTF-8
