declare -n r=x
read r <<< "hello"; echo "$x"
printf -v r '%s-%s' a b; echo "$x"
(( r = 5 + 2 )); echo "$x $((r * 2))"
export r; declare -p x r
declare -n ra=arr; read -a ra <<< "1 2 3"; echo "${arr[@]} ${#ra[@]} ${!ra[@]}"
i=1; declare -n el='arr[i]'; echo "$el"; el=X; echo "${arr[*]}"
declare -n up=uu; declare -u uu; up=abc; echo "$uu"
echo "${r@a}|${x@a}"
