# check-stderr
f() {
  local -ra arr=(x y z)
  declare -p arr
  ( arr[0]=q ) 2>/dev/null
  echo "status=$?"
}
f
