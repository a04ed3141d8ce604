f() { :; }
g() { :; }
declare -F f g
