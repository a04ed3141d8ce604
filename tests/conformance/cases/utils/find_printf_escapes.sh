# check-stderr
mkdir d
touch d/f
find d -type f -printf 'a\tb\\c\101\0d%%e\n' | wc -c
find d -type f -printf 'a\tb\\c\101|\1012|d%%e\n'
find d -type f -printf 'x\cnever printed\n'
echo
find d -type f -printf '%z|\q|%Q\n'
echo "status $?"
find d -printf 'end%'
echo "status $?"
find d -printf
echo "status $?"
