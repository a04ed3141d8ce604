mkdir -p d/s; printf 'alpha\n' > d/a; seq 1 500 > d/s/n
tar czf a.tgz d && mkdir x && tar xzf a.tgz -C x; echo "status $?"
find x | sort; cmp d/s/n x/d/s/n && echo same
gzip -t a.tgz && echo gzip-ok
