v=abcdefgh
echo ${v:2} ${v:2:3} ${v:0:1}
