printf -v x 'a\0b'
echo "${#x} $x"
