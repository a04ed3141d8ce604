f() { if a; then b; elif c; then d; else e; fi; until x; do y; done; case $x in a|b) ;; c) z;& d) w;;& esac; }
declare -f f
