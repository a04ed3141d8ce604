# check-stderr
a=(x)
echo "${a[3]:?no element}"
echo not reached
