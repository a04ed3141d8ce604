seq 1 10 > in
csplit -s in 3 '{2}'
for f in $(ls xx*); do echo "== $f"; cat $f; done
