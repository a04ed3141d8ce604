f() { f | f & }
f
