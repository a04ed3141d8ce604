# check-stderr
# A name may be an array element; -a needs an indexed array.
read 'a[1]' <<< v; declare -p a
declare -A h; read 'h[k x]' 'h[y]' <<< 'p q r'; declare -p h
read -r 'b[1+1]' c <<< 'one two'; declare -p b c
read 'z[' <<< v; echo "status $?"
declare -A m; read -a m <<< 'x y'; echo "status $?"; declare -p m
