(( n = 7 * 6 ))
echo $n
