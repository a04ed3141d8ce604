f() { return 3; }
f
echo $?
g() { false; }
g
echo $?
h() { false; return; }
h
echo $?
