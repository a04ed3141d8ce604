mkdir -p d/sub
touch d/a
find d -type f -links 1
echo ---
find d -type f -links +1
echo ---
find d -true -name a
echo ---
find d -false
echo "status $?"
find d -name a -readable -writable
echo ---
find d -type f -executable
echo ---
find d -type d -executable | sort
