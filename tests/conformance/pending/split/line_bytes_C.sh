printf 'aaa\nbb\ncccccc\nd\n' | split -C 5
for f in $(ls); do echo "== $f"; cat $f; done
