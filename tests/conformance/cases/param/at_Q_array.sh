a=(x 'y z')
echo "${a[@]@Q}"
