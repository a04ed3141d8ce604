set -- a b c d e
echo "${@:2:2} ${*: -1}"
echo "${@:0:1}"
