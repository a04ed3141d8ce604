echo hi {y}>yy
echo more >&$y
exec {y}>&-
cat yy
read -r first {z}<yy
echo "first=$first"
read -r again <&$z
echo "again=$again"
exec {z}<&-
