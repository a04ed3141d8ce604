# check-stderr
mkdir -p d
: > d/empty
printf x > d/one
printf '%512s' x > d/block
printf '%513s' x > d/block1
printf '%2048s' x > d/k2
printf '%2049s' x > d/k2a
find d -type f -size 0 | sort
echo ---
find d -type f -size 1 | sort
echo ---
find d -type f -size 2 | sort
echo ---
find d -type f -size -1k | sort
echo ---
find d -type f -size 2k | sort
echo ---
find d -type f -size +2k | sort
echo ---
find d -type f -size 513c
echo ---
find d -type f -size -2c | sort
echo ---
find d -type f -size +1M
echo ---
find d -size 3q; echo "status $?"
find d -size 1.5k; echo "status $?"
find d -size; echo "status $?"
