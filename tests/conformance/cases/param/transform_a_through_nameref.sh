# ${r@A} through a reference names the variable it refers to.
declare -n r=x; x=1; echo "${r@A}"
declare -i y=2; declare -n s=y; echo "${s@A}"
declare -n t='arr[1]'; arr=(p q); echo "[${t@A}]"
