declare -i n
n=2+3
echo $n
n+=1
echo $n
n=abc
echo $n
