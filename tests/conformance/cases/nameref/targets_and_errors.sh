# check-stderr
declare -n e1=''; echo "e1 $?"; declare -p e1 2>&1
declare -n e2; e2=1; echo "e2 $?"; declare -p e2
declare -n e3; e3='bad name'; echo "e3 $?"; declare -p e3
declare -rn rn=tgt; rn=5; echo "tgt=$tgt"; declare -n rn=other; echo "st=$?"; declare -p rn
a=(x y z); i=0; declare -n el='a[i]'; for i in 0 1 2; do echo -n "$el "; done; echo
f() { local -n r=$1; r[1]=changed; }; f a; echo "${a[@]}"
g() { local -n arr=$1; echo "${#arr[@]} ${arr[@]: -1}"; arr+=(w); }; g a; echo "${a[@]}"
declare -n rs=s; rs=(1 2); declare -p s
declare -n ne; echo "[${ne}]" "[${#ne}]" "[${!ne}]"
declare -n num=a; echo "${num[@]/c/C}" "${!num[@]}"
x=1; declare -n r1=x; declare -n r2=r1; unset -n r1; echo "r2=[$r2]"; declare -p r2
