typeset -i t=2*3
echo "$t"
