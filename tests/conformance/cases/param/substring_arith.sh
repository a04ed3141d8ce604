v=abcdefgh
n=2
echo ${v:n+1:n*2}
