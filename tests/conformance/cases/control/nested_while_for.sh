i=0
while [ $i -lt 2 ]; do
  for x in a b; do echo $i$x; done
  i=$((i+1))
done
