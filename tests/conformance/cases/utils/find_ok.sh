# check-stderr
mkdir d
touch d/f
find d -type f -ok echo {} \;
echo "status $?"
echo y | find d -type f -ok echo yes {} \;
echo "status $?"
