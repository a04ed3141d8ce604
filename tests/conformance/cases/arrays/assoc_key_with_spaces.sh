declare -A m
m['a b']=spaced
k='a b'
echo ${m[$k]} "${m['a b']}"
