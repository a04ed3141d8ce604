f() { declare -ga GA=(1 2 3); }
f
echo "${#GA[@]}"
