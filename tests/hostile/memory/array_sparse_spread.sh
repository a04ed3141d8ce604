# A thousand elements spread over the whole 63-bit index space, then
# listed and unset.
# limit: max_commands=10000
# expect-stop: none
# expect-stdout: 1000 4503599627370496
# expect-stdout: 0
for i in {1..1000}; do a[i*2**52]=x; done
set -- "${!a[@]}"
echo ${#a[@]} $1
for i in "${!a[@]}"; do unset "a[$i]"; done
echo ${#a[@]}
