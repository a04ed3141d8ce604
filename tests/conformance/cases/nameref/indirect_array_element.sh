a=(p q r)
name='a[2]'
echo "${!name}"
