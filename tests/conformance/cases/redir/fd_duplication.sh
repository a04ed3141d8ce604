{ echo to3 >&3; } 3> f
cat f
