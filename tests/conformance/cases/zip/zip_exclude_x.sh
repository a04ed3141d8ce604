mkdir d; printf '1\n' > d/keep; printf '2\n' > d/drop.o
zip -qr t.zip d -x '*.o'
mkdir x; unzip -q t.zip -d x; find x | sort
