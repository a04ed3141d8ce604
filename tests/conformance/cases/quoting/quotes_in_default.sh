v=
echo "${v:-"a  b"}"
echo ${v:-'x  y'}
