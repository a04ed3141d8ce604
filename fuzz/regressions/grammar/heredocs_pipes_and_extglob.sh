shopt -s extglob
cat <<-EOF | while read l; do echo "[$l]"
	one ${x:-two} $((1+2))
	EOF
done
case a.txt in
(@(*.txt|*.rs)) echo ext ;&
!(x)) echo fell ;;&
*) echo also
;;
esac
f() { local IFS=: ; set -- $1; echo $# "${@:2}"; }
f a:b:c 3>&- 2>&1 | cat
arr=([k]=v [1]=b) assoc[x]=1; echo ${arr[@]@Q} ${!arr[@]}
[[ -n ${x//?/y} && ab == a* && 12 -eq 12 && x =~ ^(x|y)+$ ]] && echo ${BASH_REMATCH[1]}
for ((i = 0; i < 3; i++)); do echo $((i ** 2 << 1)); done >&2
while read -r n; do echo $n; break; done
