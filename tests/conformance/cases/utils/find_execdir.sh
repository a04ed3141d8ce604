mkdir -p d/sub
touch d/sub/only
find d -name only -execdir echo {} \;
find d -name only -execdir ls \;
find d/sub -type f -execdir echo {} +
