f() { return 300; }
f
echo $?
