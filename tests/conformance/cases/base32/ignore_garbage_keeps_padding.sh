# check-stderr
printf 'mfrggza=' | base32 -di; echo " status $?"
printf 'MF*RG!GZA=' | base32 -di; echo " status $?"
printf 'MFRGGZA=\n=' | base32 -di; echo " status $?"
printf 'MF=RGGZA' | base32 -di; echo " status $?"
