# check-stderr
a=(x y z); ref='a[@]'; echo "${!ref}"; printf '<%s>' "${!ref}"; echo
ref2='a[1]'; echo "${!ref2}"; ref3=a; echo "${!ref3}" "${!ref3[@]}"
set -- p q r; echo "${!#}" "${!1-none}"; n=2; echo "${!n}"
v=hello; p=v; echo "${!p^^}" "${!p:1:2}" "${#!p}" 2>&1; echo "${!p/l/L}" "${!p@Q}"
unset nope; p=nope; echo "[${!p-dflt}]" "[${!p:=assigned}]" "$nope"
declare -A h=([k]=v); hr='h[k]'; echo "${!hr}"
x1=1 x2=2; echo "${!x*}" "${!x@}"
for n in "${!x@}"; do echo "$n=${!n}"; done
e=''; echo "[${!e}]" 2>&1
echo "${!undefinedthing}" "st=$?"
