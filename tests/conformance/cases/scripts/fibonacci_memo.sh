declare -A memo=([0]=0 [1]=1)
fib() {
  local n=$1
  if [[ -z ${memo[$n]} ]]; then
    fib $((n-1)); fib $((n-2))
    memo[$n]=$(( memo[$((n-1))] + memo[$((n-2))] ))
  fi
}
fib 30
echo "fib(30)=${memo[30]}"
