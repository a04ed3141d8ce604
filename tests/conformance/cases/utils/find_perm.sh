umask 022
mkdir -p d/sub
touch d/f
find d -perm 644
echo ---
find d -perm 755 | sort
echo ---
find d -perm -u+w | sort
echo ---
find d -perm -g+w
echo ---
find d -perm /o+x | sort
echo ---
find d -perm /0
echo ---
find d -perm -444 -type f
echo ---
find d -perm u=rw,go=r
echo ---
find d -perm a=rX | sort
