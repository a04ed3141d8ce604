trap 'echo ERR' ERR
f() { false; echo "in f"; }
f
