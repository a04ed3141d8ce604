# ${#a[@]} read on every pass of a loop that fills the array: the count
# must not copy (or put in bash's order) every element each time, which
# made 20 000 passes quadratic.
# profile: normal
# expect-stop: none
# expect-stdout: 20000 20000
# expect-max-seconds: 3
declare -A h
declare -a x
for ((i = 0; i < 20000; i++)); do
  h[k$i]=$i
  x[i]=$i
  n=${#h[@]} m=${#x[@]}
done
echo "$n $m"
