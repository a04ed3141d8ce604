# In name=([key]=value) bash 5.2 expands no tilde in keys, and none in
# the values of an associative array; an indexed array's values expand.
HOME=/home/someone
a=([0]=~ ~ [2]=~/src)
declare -p a
declare -A b=([~]=~ [k]=~/x)
declare -p b
declare -A c
c=([home]=~ [~]=here)
declare -p c
f() {
  local -A l=([t]=~)
  declare -p l
}
f
declare -A d
d[~]=direct
declare -p d
echo "${d[~]} ${d["~"]}"
[[ -v d[~] ]] && echo "-v sees the key ~"
unset 'd[~]'
echo "left: ${#d[@]}"
