printf 'x\n' > a; mkdir d; printf 'y\n' > d/b
zip -0 t.zip a d d/b; echo "status $?"
