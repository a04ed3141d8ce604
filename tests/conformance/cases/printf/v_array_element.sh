printf -v 'a[2]' '%s' val
declare -p a
