s="  a   b  "
declare d=$s
export e=$s
echo "[$d][$e]"
