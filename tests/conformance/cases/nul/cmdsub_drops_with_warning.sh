# check-stderr
x=$(printf 'a\0b')
echo "$x"
echo "${#x}"
