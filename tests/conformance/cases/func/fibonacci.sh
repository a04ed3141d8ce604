fib() {
  local n=$1
  if ((n < 2)); then echo $n; return; fi
  echo $(( $(fib $((n-1))) + $(fib $((n-2))) ))
}
fib 12
