x=1
f() { local x; echo "[${x-unset}]"; x=2; }
f
echo $x
