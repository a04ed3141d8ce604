let x=0
echo "status=$?"
let x=5
echo "status=$?"
