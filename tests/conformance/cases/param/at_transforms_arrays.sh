a=(x 'y z'); declare -A h=([k]='v 1')
printf '<%s>' "${a[@]@K}"; echo
printf '<%s>' ${a[@]@K}; echo
printf '<%s>' "${h[@]@k}"; echo
printf '<%s>' "${a@K}" "${a[1]@K}" "${h@K}"; echo
printf '<%s>' "${a@A}" "${a[1]@A}" "${h[@]@A}" "${a[*]@A}"; echo
declare -ri n=3; printf '<%s>' "${n@A}"; echo
declare -x ex=1; f() { local l=2; printf '<%s>' "${l@A}" "${ex@A}"; }; f; echo
printf '<%s>' "${a[@]@a}" "${a[1]@a}" "${h@a}" "${ex@a}"; echo
p='a\\b\[c\]\101'; printf '<%s>' "${p@P}"; echo
