mkdir d; touch d/x d/y
find d -type f -exec sh -c 'echo "f:$1"' _ {} \; | sort
