mkdir -p d/sub/deep
touch d/sub/deep/f d/sub/g d/aab d/ab
find . -path './d/sub*' | sort
echo ---
find . -ipath '*/SUB/*/F'
echo ---
find . -wholename '*deep*' | sort
echo ---
find d -regex '.*/a+b' | sort
echo ---
find d -regex 'd/a\+b'
echo ---
find d -regex 'd/\(ab\|sub\)'  | sort
echo ---
find d -iregex 'D/A.*'  | sort
echo ---
find d -regex 'ab'
echo "status $?"
