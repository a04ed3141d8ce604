mkdir -p d/skip/inner d/keep
touch d/skip/inner/f d/keep/g
find d -name skip -prune -o -type f -print
echo ---
find d -name skip -prune | sort
echo ---
find d -path d/skip -prune -o -print | sort
echo ---
find d -name keep -print -quit
echo ---
find d -quit
echo "status $?"
echo ---
find d -depth -name skip -prune | sort
