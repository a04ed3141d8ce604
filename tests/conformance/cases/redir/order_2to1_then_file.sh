{ echo out; echo err >&2; } 2>&1 >f.txt
echo "file: $(cat f.txt)"
