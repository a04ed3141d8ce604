x=$'ab\0cd'
echo "$x ${#x}"
