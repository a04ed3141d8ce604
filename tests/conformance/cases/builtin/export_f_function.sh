f() { echo exported fn; }
export -f f
export -f | head -3
