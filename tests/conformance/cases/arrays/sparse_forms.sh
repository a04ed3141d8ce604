a=([2]=x y [10]=z); declare -p a; echo "${!a[@]}" "${#a[@]}"
a+=([1]=p q); declare -p a
b=(1 2 3); b[-1]=last; echo "${b[@]}" "${b[-2]}"; unset 'b[-1]'; declare -p b
c=(); c[5]=five; c+=(six); declare -p c
declare -A h=([a]=1 [b]=2); h+=([c]=3 [a]=9); echo "${#h[@]} ${h[a]}"
d=(a b c d e); unset 'd[1]' 'd[3]'; echo "${d[@]}" "${!d[@]}" "${#d[@]}"; d=("${d[@]}"); declare -p d
e=("a b" c); f=("${e[@]}"); echo "${#f[@]}"; g=(${e[@]}); echo "${#g[@]}"
declare -a n=(1 2); n=3; declare -p n
s=str; s[1]=x; declare -p s
declare -A z; z=([k]=v); z[k]+=w; echo ${z[k]}
i=(1 2 3); echo $(( ${#i[@]} * 2 )) $(( i[1] + i[2] ))
arr=(x); arr[1+1]=y; echo "${arr[@]}" "${!arr[@]}"
b[10]=ten; echo ${b[@]: -2}
x=(a b c); echo "${x[@]:1:1}" "${x[@]: -1}"; unset x; echo "[${x[@]}]"
readonly ro=(1 2); ro[0]=9; echo "st=$?"
m=( [0]=a [1]=b ); unset m[0]; echo "${m[@]}"
declare -a num=( $(echo 1 2 3) ); echo ${#num[@]}
q=(1 2); q=(); echo "${#q[@]}"; declare -p q
b=([1]=a [5]=b [9]=c); echo "${b[@]:2}" "|${b[@]:5:1}|" "${b[@]: -5}" "|${b[@]:20}|" "${b[@]:0:2}" "|${b[@]: -20}|" "${b[*]:4:1}"
