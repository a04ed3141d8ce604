# check-stderr
false
f() {
  [[ a == b ]] && echo y
  [[ a b ]]
}
echo after
