mkdir -p d/sub
touch d/sub/only
find d -name only -execdir echo {} \;
find d -name only -execdir ls \;
find d/sub -type f -execdir echo {} +
find d/ -maxdepth 0 -execdir echo {} \;
cd d/sub && find . -execdir echo {} \; | sort
