printf 'x\ny\n' > f
cat < f
wc -l < f
