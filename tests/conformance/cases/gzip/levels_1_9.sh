seq 1 3000 > f
for l in 1 6 9; do gzip -$l -c f | gzip -dc | cmp - f && echo "level $l ok"; done
gzip --fast -c f | gzip -dc | wc -l
gzip --best -c f | gzip -dc | wc -l
