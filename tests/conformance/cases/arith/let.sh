let x=2+3 'y = x * 2'
echo $x $y
let 0
echo $?
let 1
echo $?
