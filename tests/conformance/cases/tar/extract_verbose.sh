mkdir -p d/s; printf '1\n' > d/x; printf '2\n' > d/s/y
tar cf a.tar --sort=name d; rm -r d
tar xvf a.tar; echo "status $?"
find d | sort
