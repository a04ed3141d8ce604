mkdir -p d/sub
echo one > d/a
echo two > d/sub/b
find d -type f -exec cat {} \; | sort
echo ---
find d -name a -exec echo 'file:{}' x{}y {} \;
echo ---
find d -type f -exec grep -q two {} \; -print
echo ---
find d -name a -exec false \; -o -print | sort
echo ---
find d/sub -exec echo {} +
echo ---
find d -type f -exec echo found {} + | wc -w
echo "status $?"
