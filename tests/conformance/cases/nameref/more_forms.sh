declare -n r1=x; x=1; [[ -v r1 ]] && echo v-set; unset x; [[ -v r1 ]] || echo v-unset
declare -n nr=x; nr+=abc; echo "$x"; nr+=def; echo "$x"
f() { typeset -n out=$1; out=(p q); }; f arr2; declare -p arr2
g() { local -n ref=$1; echo "${!ref}" "${ref}"; ref=changed; }; v=orig; g v; echo $v
declare -n d1; echo "[${d1}]" "${d1-unset}"; declare -p d1
declare -n ro2=x2; readonly ro2; x2=5 2>/dev/null; echo "x2=$x2"; declare -p ro2 x2 2>&1
h() { local x=inner; k; }; k() { local -n kr=x; echo "k sees $kr"; }; x=outer; h
declare -n u=w; declare -i w; u=2+3; echo "$w"
declare -n cap=low; declare -l low; cap=ABC; echo $low
declare -n r9=zz; export r9=exported; env | grep '^zz='
declare -n sp=1; echo "sp $?"
declare -n at='@'; echo "at $?"
declare -n r10=arr3; r10=(x y); declare -p arr3; echo "${r10[1]}" "${!r10[@]}"
declare -n s2=foo; s2[1]=bar; declare -p foo
