x=1
echo "x=$x ${x}y $(echo c) $((2*3))"
