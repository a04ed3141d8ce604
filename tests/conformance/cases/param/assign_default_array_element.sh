a=()
: "${a[2]:=z}"
declare -p a
