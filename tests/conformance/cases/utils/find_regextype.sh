# check-stderr
mkdir -p d
touch d/ab d/aab d/abab d/x1
find d -regextype posix-extended -regex 'd/(ab)+' | sort
echo ---
find d -regextype posix-basic -regex 'd/a\{2\}b'
echo ---
find d -regextype egrep -regex 'd/[[:alpha:]]+[0-9]'
echo ---
find d -regextype sed -regex 'd/\(ab\)*'  | sort
echo ---
find d -regextype nonsense -regex x
echo "status $?"
find d -regex '\('
echo "status $?"
find d -regextype
echo "status $?"
