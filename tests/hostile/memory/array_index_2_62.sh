# Indexed arrays are sparse: indices near 2^62 cost two elements, not
# exabytes.
# expect-stop: none
# expect-stdout: 2 4611686018427387904 4611686018427387905
a[2**62]=x
a[2**62+1]=y
echo ${#a[@]} ${!a[@]}
