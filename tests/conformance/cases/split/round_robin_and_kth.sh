printf '1\n22\n333\n4444\n55555\n' > in
split -n r/3 in; for f in xaa xab xac; do echo "== $f"; cat $f; done
split -n l/2/3 in; split -n 2/3 in | od -c
