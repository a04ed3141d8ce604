a=($(echo 1 2 3))
echo ${#a[@]}
b=($(printf 'x y\nz\n'))
echo ${#b[@]}
