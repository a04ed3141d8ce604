f() { echo hi; if true; then echo yes; fi; }
declare -f f
