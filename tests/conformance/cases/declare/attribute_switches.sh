declare -u v=abc; declare -l v; v=XyZ; echo $v; declare -p v
declare -l w=ABC; declare -u w; w=def; echo $w; declare -p w
declare -i n=5; declare +i n; n=2+2; echo $n; declare -p n
declare -ilu m=2; declare -p m 2>&1
f() { declare -x fx=1; env | grep -c '^fx='; }; f; echo "[${fx-unset}]"
g() { export gx=2; }; g; echo "$gx"; env | grep -c '^gx='
h() { readonly hr=3; }; h; echo "$hr"; hr=4 2>/dev/null; echo "st=$?"
declare -r dr; dr=1; echo "st=$?"
declare -a ai=([0]=1); declare -i ai; ai+=(2+3); echo "${ai[@]}"
export -n PATH2=x 2>&1; declare -p PATH2 2>&1
declare -x EX=1; export -n EX; declare -p EX
declare -i ii=3; ii+=ii; echo $ii; ii='ii * 2'; echo $ii
declare num=10; declare -i num; num+=5; echo $num
x=5; declare -n rr=x; declare -i rr; rr=1+1; echo $x; declare -p x
