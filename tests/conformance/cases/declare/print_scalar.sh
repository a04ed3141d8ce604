x=1
y='a b'
declare -p x y
