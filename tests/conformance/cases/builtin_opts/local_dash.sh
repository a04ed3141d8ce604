# check-stderr
f() {
  local -
  set -u
  echo in
}
f
echo "${-//[^u]/}."
g() {
  local - x=1
  set -f
  echo "$x"
}
g
echo "${-//[^f]/}."
