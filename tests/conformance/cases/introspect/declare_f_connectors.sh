f() { a && b || c; ! d | e; f & g; h & }
g() { a; b & c && d; e | f | g; time a | b; ! true; }
declare -f f g
