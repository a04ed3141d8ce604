# check-stderr
let -- x=3 y=x+1
echo "let=$x $y"
let -x
echo "status=$?"
let --
echo "status=$?"
