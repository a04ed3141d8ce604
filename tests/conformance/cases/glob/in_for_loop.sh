touch x.c y.c
for f in *.c; do echo "file $f"; done
