f() { for ((i=0;i<3;i++)); do :; done; for x; do :; done; for y in a "b c" $z; do echo $y; done; }
declare -f f
