echo 'x=42; echo sourced' > lib.sh
. ./lib.sh
echo $x
