# check-stderr
echo before
echo ${a


b
