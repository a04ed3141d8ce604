# check-stderr
seq 1 1000 | xz > t.xz
head -c 60 t.xz > short.xz
xz -dc short.xz > /dev/null; echo "status $?"
