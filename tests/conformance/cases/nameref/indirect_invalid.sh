# check-stderr
name='a b'
echo "${!name}"
echo "after $?"
