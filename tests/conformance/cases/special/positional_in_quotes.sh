set -- 'a b' 'c'
printf '<%s>' "$1" "$2x" "x$@y"
echo
