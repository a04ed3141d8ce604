# Associative arrays list their elements in bash's hash-table order, not
# in the order they were set nor sorted.
declare -A a=([a]=1 [b]=2 [c]=3)
echo "keys: ${!a[*]}"
echo "values: ${a[*]}"
declare -p a
declare -A colors
colors[red]=ff0000
colors[green]=00ff00
colors[blue]=0000ff
colors[black]=000000
colors[white]=ffffff
for k in "${!colors[@]}"; do
  printf '%s=%s\n' "$k" "${colors[$k]}"
done
# A replaced value keeps its place; a key set again after unset moves to
# the head of its bucket.
colors[red]=f00
unset 'colors[green]'
colors[green]=0f0
echo "${!colors[@]}"
declare -A words
for w in the quick brown fox jumps over the lazy dog again and again; do
  words[$w]=$(( ${words[$w]:-0} + 1 ))
done
for w in "${!words[@]}"; do echo "$w ${words[$w]}"; done
declare -A big
for ((i = 0; i < 40; i++)); do big[key$i]=$i; done
echo "${big[*]}"
f() { local -A loc=([x]=1 [y]=2 [z]=3 [xy]=4); echo "${!loc[@]}"; }
f
