v=abcdef
echo "${v: -3} ${v: -3:2} ${v:1:-1}"
