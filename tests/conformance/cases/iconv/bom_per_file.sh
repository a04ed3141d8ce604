printf 'A' > a; printf 'B' > b; printf '\377\376C\000' > u
iconv -f UTF-8 -t UTF-16 a b | od -An -tx1
iconv -f UTF-8 -t UTF-32 a b | od -An -tx1
iconv -f UTF-16 -t UTF-8 u u; echo
