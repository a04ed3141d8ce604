printf 'x\n' > a; mkdir d; printf 'y\n' > d/b
zip -q0 t.zip a d d/b
mkdir x; unzip t.zip -d x; echo "status $?"
