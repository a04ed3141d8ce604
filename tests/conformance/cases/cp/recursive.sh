mkdir -p d/s; echo a > d/x; echo b > d/s/y
cp -r d e; find e | sort
cp -R d e; find e | sort
mkdir f; cp -a d f/; find f | sort
