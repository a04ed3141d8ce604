a=(p q r)
name='a[@]'
printf '<%s>' "${!name}"; echo
