mkdir -p d
touch d/a d/b d/c
find d -name a -o -name b | sort
echo ---
find d ! -name a -type f | sort
echo ---
find d -not -name a -not -name b -type f
echo ---
find d -name a -o -name b -print
echo ---
find d \( -name a -o -name b \) -print | sort
echo ---
find d -type f -a -name c -and -print
echo ---
find d -name a -printf 'A\n' , -name b -printf 'B\n' | sort
echo ---
find d -false -o -name c
echo ---
find d ! \( -name a -o -name c \) ! -type d
echo ---
find d -name c -true
