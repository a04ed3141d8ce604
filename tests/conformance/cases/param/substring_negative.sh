v=abcdefgh
echo ${v: -3} ${v: -3:2} ${v:(-2)} ${v:1:-2} ${v: -5:-1}
