read a b <<< "1 2"
echo $b $a
