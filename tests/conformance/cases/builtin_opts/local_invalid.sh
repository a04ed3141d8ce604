# check-stderr
f() {
  { local -Q v; } 2>&1 | sed "s/^[^:]*: line [0-9]*: //"
  local -Q v 2>/dev/null
  echo "status=$?"
}
f
