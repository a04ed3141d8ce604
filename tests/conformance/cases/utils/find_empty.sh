mkdir -p d/full d/hollow
touch d/full/zero
echo data > d/full/some
find d -empty | sort
echo ---
find d ! -empty | sort
echo ---
find d -type d -empty
