H=$PWD; mkdir a b; cd a; cd ../b; cd - | sed "s|$H||"; cd - | sed "s|$H||"
