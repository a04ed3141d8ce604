f() { declare -g G=global; local L=local; }
f
echo "G=$G L=${L-unset}"
