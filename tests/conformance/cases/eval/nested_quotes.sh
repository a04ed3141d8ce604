x='a b'
eval "y=\"\$x\""
echo "[$y]"
