# Bytes that are not valid UTF-8 are written as octal escapes in $'...'
# by printf %q, ${v@Q}, declare -p and set.
printf '%q\n' $'\xff' $'\xce' $'a\xce' $'\x01a' 'a b'
x=$'a\xceb'; echo "${x@Q}"
declare -p x
set | grep '^x='
