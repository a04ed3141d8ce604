mkdir -p d/s; printf '1\n' > d/x; printf '2\n' > d/s/y
tar cvf a.tar --sort=name d; echo "status $?"
