# \u escapes name a character only in a UTF-8 locale; under LC_ALL=C bash writes the escape back
echo -e '\u00e9' | od -An -tx1
printf '\u00e9|\U0001F600\n' | od -An -tx1
printf '%b\n' '\u00e9' | od -An -tx1
echo -e 'A\u0042' 
LC_ALL=C.UTF-8
echo -e '\u00e9' | od -An -tx1
printf '\u00e9|\U0001F600\n' | od -An -tx1
printf '%b\n' '\u00e9' | od -An -tx1
