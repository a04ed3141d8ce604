eval 'f() { echo from eval fn; }'
f
