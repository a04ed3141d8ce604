f() { local v=$1; echo "[$v]"; }
f "  two  words  "
