f() { g=set-in-f; }
f
echo $g
