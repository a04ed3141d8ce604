# `local v` in a function called as `v=x f` starts with the binding's
# value (bash's tempenv inheritance); an unset from a callee then shows
# the variable the binding hid, not the binding. Without a binding, or
# behind another local, `local v` starts unset.
unlocal() { unset -v "$1"; }
f1() {
  local v
  echo "[$1,(local)] v: ${v-(unset)}"
}
f2() { f1 "$1,(func)"; }
f3() { local v=local; f1 "$1,local,(func)"; }
v=global
f1 'global'
v=tempenv f1 'global,tempenv'
(export v=global; f1 'xglobal')
f2 'global'
v=tempenv f2 'global,tempenv'
f3 'global'
f5() {
  echo "[$1] v: ${v-(unset)}"
  local v
  echo "[$1,local] v: ${v-(unset)}"
  ( unset v; echo "[$1,local+unset] v: ${v-(unset)}" )
  ( unlocal v; echo "[$1,local+unlocal] v: ${v-(unset)}" )
}
v=tempenv f5 'global,tempenv'
v=tempenv eval 'f5 "global,tempenv,(eval)"'
f6() {
  local v=local
  unlocal v
  echo "[$1,local,(unlocal)] v: ${v-(unset)}"
}
v=tempenv f6 'global,tempenv'
echo "after: $v"
