x='1,2,3'
IFS=, read a b c <<< "$x"
echo $a $b $c
printf '%q\n' "$IFS"
