printf 'x\n' > f
echo in | head - f
echo in | head -v
