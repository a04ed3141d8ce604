x=global
f() { declare x=local; echo $x; }
f
echo $x
