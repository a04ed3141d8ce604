f() { echo inside; } > out.txt
f
cat out.txt
