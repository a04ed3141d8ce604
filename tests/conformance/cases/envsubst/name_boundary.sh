export A=1
echo '$A.txt ${A}B $A-x $A/y ${A}}' | envsubst
