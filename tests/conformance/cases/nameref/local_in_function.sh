set_var() { local -n out=$1; out="hello $2"; }
set_var greeting world
echo "$greeting"
