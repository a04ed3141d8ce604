# Pattern replacement that multiplies: 1000 x 1000 x 1000 bytes.
# expect-stop: memory
x=$(printf '%*s' 1000 '')
y=${x// /$x}
z=${y// /$x}
echo "not reached: ${#z}"
