items=(b a c a b d c)
declare -A seen
uniq=()
for i in "${items[@]}"; do
  [[ ${seen[$i]+x} ]] && continue
  seen[$i]=1
  uniq+=("$i")
done
echo "${uniq[*]}"
