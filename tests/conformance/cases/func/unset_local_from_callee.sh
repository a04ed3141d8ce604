# `unset v` in the function that made v local leaves it declared and
# unset there; from a function it calls (bash's dynamic unset), it removes
# the local and shows the variable the local shadowed.
unlocal() { unset -v "$1"; }
f1() {
  local v=local
  unset v
  echo "same function: ${v-(unset)}"
}
f2() {
  local v=local
  unlocal v
  echo "callee: ${v-(unset)}"
  v=again
  echo "assigned: $v"
}
g() {
  local v=outer
  f2
  echo "in g: ${v-(unset)}"
}
v=global
f1
f2
echo "global after: $v"
g
echo "global at end: $v"
h() { local w=1; unlocal w; echo "w: ${w-(unset)}"; }
h
