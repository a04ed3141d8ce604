for i in 1 2 3; do
  for j in a b c; do
    [ $j = b ] && break 2
    echo $i$j
  done
done
echo done
