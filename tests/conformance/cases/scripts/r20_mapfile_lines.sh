# mapfile/readarray: -t, -s, -n, -O, -d, callbacks, from process substitution and here-strings
mkdir -p in
printf '%s\n' header one two three four five > in/list.txt
mapfile -t all < in/list.txt
echo "all: ${#all[@]} -> ${all[*]}"
mapfile -t -s 1 -n 3 body < in/list.txt
echo "body: ${#body[@]} -> ${body[*]}"
readarray -t -O 10 sparse < <(printf 'x\ny\n')
echo "sparse keys: ${!sparse[*]} values: ${sparse[*]}"
mapfile with_nl < <(printf 'a\nb\n')
printf '[%s]' "${with_nl[@]}"; echo
mapfile -d , -t fields <<< 'red,green,blue'
echo "fields: ${#fields[@]}"
for f in "${fields[@]}"; do printf '<%s>' "$f"; done; echo
show() { printf 'cb index=%s line=%s' "$1" "$2"; }
mapfile -t -C show -c 2 cbarr < in/list.txt
echo "callback total: ${#cbarr[@]}"
existing=(keep1 keep2 keep3)
mapfile -t -O 1 existing <<< 'new'
echo "existing: ${existing[*]}"
mapfile -t empty < /dev/null
echo "empty: ${#empty[@]}"
mapfile -t nums < <(seq 5 -1 1)
sum=0; for n in "${nums[@]}"; do (( sum += n )); done
echo "nums=${nums[*]} sum=$sum last=${nums[-1]}"
lines=$(printf 'l1\nl2\n\nl4\n')
readarray -t blank <<< "$lines"
echo "with blank line: ${#blank[@]} third=[${blank[2]}]"
