echo $0
f() { echo $0; }
f
