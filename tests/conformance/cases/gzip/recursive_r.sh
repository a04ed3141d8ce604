mkdir -p d/s; printf '1\n' > d/a; printf '2\n' > d/s/b
gzip -r d; echo "status $?"
find d | sort
gunzip -r d; find d | sort; cat d/s/b
