show() { cat "$1"; }
show <(echo via function)
