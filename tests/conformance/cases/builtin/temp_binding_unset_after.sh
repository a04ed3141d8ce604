f() { echo "Y=${Y-unset}"; }
Y=1 f
f
