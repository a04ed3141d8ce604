seq 1 5000 > f
for l in 1 9; do bzip2 -$l < f | bunzip2 | cmp - f && echo "level $l ok"; done
