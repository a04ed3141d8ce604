name=out.txt
echo data > "$name"
cat out.txt
