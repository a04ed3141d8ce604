# check-stderr
mkdir -p d/keep d/gone/deeper
touch d/keep/k d/gone/deeper/x d/a.tmp d/keep/b.tmp
find d -name '*.tmp' -delete
echo "status $?"
find d | sort
find d -name gone -delete
echo "status $?"
find d/gone -delete
echo "status $?"
find d | sort
find . -name d -prune -o -delete
echo "status $?"
ls
