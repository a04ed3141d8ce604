export LC_ALL=C
echo -e '\u00e9 \u0041' | od -An -tx1
printf '\u00e9|\U0001F600|%b\n' '\u00e9' | od -An -tx1
LC_ALL=C.UTF-8
echo -e '\u00e9' | od -An -tx1
printf '%b\n' '\u00e9' | od -An -tx1
unset LC_ALL; LANG=C LC_CTYPE=C.UTF-8
echo -e '\u00e9' | od -An -tx1
