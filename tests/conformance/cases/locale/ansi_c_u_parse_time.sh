# `$'\u00e9'` is decoded when bash reads the command, in the locale of that
# moment: under C it stays the escape (upper-case hex); a locale set on an
# earlier line counts, one set earlier on the same line does not.
echo $'\u00e9' | od -An -c
LC_ALL=C.UTF-8
echo $'\u00e9' | od -An -c
LC_ALL=C; echo $'\u00e9|\U0001F600' | od -An -c
LC_ALL=C.UTF-8; echo $'\u00e9' | od -An -c
echo $'x\u263ay' | od -An -c
LC_ALL=C
echo $'\u263a \U0001f600 \u41' | od -An -c
