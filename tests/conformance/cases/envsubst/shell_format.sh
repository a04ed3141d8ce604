export A=1 B=2 C=3
echo '$A ${B} $C ${C}' | envsubst '$A ${B}'
echo '$A $B' | envsubst 'only text'
echo '$A $B' | envsubst ''
