declare -n r=x
declare -p r | cut -c1-11
[[ -R r ]] && echo "is nameref"
[[ -R x ]] || echo "x is not"
