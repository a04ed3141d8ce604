# [[ -v a[i] ]] with a negative index counts back from the last element.
a=(1 2 3)
unset 'a[1]'
for i in 0 1 2 3 -1 -2 -3; do
  [[ -v a[$i] ]]
  echo "$i: $?"
done
