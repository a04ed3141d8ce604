echo {a} >f1
cat f1
echo "a=${a:-unset}"
echo x {b}>f2
echo "b=${b:+set}"
f() { echo in f; }
f {c}>f3
echo "c=${c:+set}"
x=$(echo {e}>f5)
echo "e=${e:-unset in parent} [$x]"
echo {1x}>f6
cat f6
