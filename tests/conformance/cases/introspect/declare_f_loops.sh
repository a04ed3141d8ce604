g() { for i in 1 2; do echo $i; done; while false; do :; done; }
declare -f g
