seq 1 5000 > f
for l in 0 6 9; do xz -$l < f | unxz | cmp - f && echo "level $l ok"; done
