# check-stderr
mkdir -p d/sub
touch d/a d/b.txt d/.h
ln -s a d/l
ls --file-type d; echo "s=$?"
ls -Z d/a; echo "s=$?"
ls -f d | sort; echo "s=$?"
ls --zero d | od -An -c; echo "s=$?"
ls --tabsize=4 -C -w 20 d; echo "s=$?"
ls -T 2 -x -w 20 d; echo "s=$?"
ls -T x d; echo "s=$?"
ls -mw 0 d; echo "s=$?"
