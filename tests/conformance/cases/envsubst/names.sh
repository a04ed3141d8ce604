export _u=U a1=A1 A_B=AB
echo '$_u-$a1-$A_B-${A_B}_x-$A_Bc-$a1b' | envsubst
