# check-stderr
mkdir -p d/sub
touch d/f d/sub/g
find d -type f | sort
echo ---
find d -type d | sort
echo ---
find d -type f,d | sort
echo ---
find d -type l
echo ---
find d -type z; echo "status $?"
find d -type fd; echo "status $?"
find d -type f,f; echo "status $?"
find d -type f,; echo "status $?"
find d -type ''; echo "status $?"
