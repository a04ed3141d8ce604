# check-stderr
f() {
  local -Q v
  echo "status=$?"
  local -ra arr=(x y)
  arr[0]=q
  echo "status=$?"
  declare +r arr
  echo "status=$?"
  shift -- -1
  echo "status=$?"
}
f
echo "after"
