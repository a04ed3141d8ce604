a=3 b=4
echo $((a*b)) $(($a+$b))
unset u
echo $((u+1))
s="2+3"
echo $((s*2))
