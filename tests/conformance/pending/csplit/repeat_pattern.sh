printf 'h1\na\nh2\nb\nh3\nc\n' > in
csplit -s in '/^h/' '{*}'
for f in $(ls xx*); do echo "== $f"; cat $f; done
