exec {fd}<<<"here"
read -r -u "$fd" v
echo "$v"
exec {fd}<&-
exec {w}>out.txt {w2}>&1
echo "to file" >&$w
echo "to stdout" >&$w2
exec {w}>&- {w2}>&-
cat out.txt
(( w2 > w )) && echo ordered
