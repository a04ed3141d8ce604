v='hello world'; a=(abc bcd); p='[a-h]'
echo "${v^^[a-m]}" "${v^[h]}" "${v^[x]}" "${v,,}" "${a[@]^^[bc]}" "${v^^$p}" "${v^^"o"}" "${v^^?}"
v=xY; echo "${v~~}" "${v~}z" "${v~~}${v~}"
s=aaa; x="a*b?c"; y="*"; echo "${s//*/x}" "${x//$y/-}" "[${s//?/}]"
e=; echo "[${e//*/y}]" "[${e/#/y}]"
shopt -s extglob; t=ab; echo "${t//?()/-}"
