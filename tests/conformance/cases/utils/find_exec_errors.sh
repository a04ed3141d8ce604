# check-stderr
mkdir d
touch d/f
find d -type f -exec nosuchcmd {} \;
echo "status $?"
find d -type f -exec nosuchcmd {} +
echo "status $?"
find d -type f -exec false {} +
echo "status $?"
find d -exec echo {}x +
echo "status $?"
find d -exec echo
echo "status $?"
find d -exec \;
echo "status $?"
