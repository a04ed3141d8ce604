# check-stderr
for i in 1 2; do
  for j in 1 2; do
    break -- 2
  done
done
echo "b=$i$j"
for i in 1 2 3; do
  continue -- 1
  echo never
done
echo "c=$i"
