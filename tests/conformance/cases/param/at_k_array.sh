a=(x 'y z')
echo "${a[@]@k}"
printf '<%s>' "${a[@]@k}"; echo
