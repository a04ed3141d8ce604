# check-stderr
mkdir d
find nope d nope2/x
echo "status $?"
find '' d
echo "status $?"
find d nope -name d
echo "status $?"
