{ echo out; echo err >&2; } >f.txt 2>&1
echo "file: $(sort f.txt | tr '\n' ' ')"
