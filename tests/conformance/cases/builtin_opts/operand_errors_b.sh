# check-stderr
mapfile -C; echo "st=$?"
wait -p 1x; echo "st=$?"
disown -h; echo "st=$?"
umask 999; echo "st=$?"
umask -S x=; echo "st=$?"
ulimit -n x; echo "st=$?"
cd a b; echo "st=$?"
shopt -s; echo "st=$?" | tail -1
shopt -o -s nosuch; echo "st=$?"
shopt -su extglob; echo "st=$?"
declare -p -f; echo "st=$?"
caller x; echo "st=$?"
f() { caller x; echo "st=$?"; caller 0 1; echo "st=$?"; }; f 2>&1 | sed 's/^[^:]*: line [0-9]*: //'
exec -a; echo "st=$?"
