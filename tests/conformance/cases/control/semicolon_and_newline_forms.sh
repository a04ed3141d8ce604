if true
then
  echo a
fi
for x in 1 2
do echo $x
done
while false; do :; done; echo b
