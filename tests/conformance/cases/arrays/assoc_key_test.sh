declare -A h=([a]=1)
[[ -v h[a] ]] && echo "a set"
[[ -v h[z] ]] || echo "z unset"
