envsubst -v '$B ${A} text $B $1 ${C:-x} ${D_1}x $_e'
echo "status=$?"
