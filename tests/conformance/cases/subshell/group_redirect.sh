{ echo a; echo b; } > f
cat f
