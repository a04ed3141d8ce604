# check-stderr
f() { return -- 4; }
f
echo "r=$?"
g() { return -3; }
g
echo "r=$?"
h() { return -- -1; }
h
echo "r=$?"
