# check-stderr
# local -p NAME shows only the function's own variables.
g=global
f() {
  local a=1 b
  local -p a b g nothere
  echo "status $?"
}
f
