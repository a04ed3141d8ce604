printf '1\n2\n3\n4\n5\n6\n7\n' > in; split -n l/3 in; rm in
for f in $(ls); do echo "== $f"; cat $f; done
