fact() {
  if [ $1 -le 1 ]; then echo 1; return; fi
  local r=$(fact $(( $1 - 1 )))
  echo $(( $1 * r ))
}
fact 10
