# check-stderr
f() {
  local -i -- a=2*3 b
  declare -p a b
}
f
