# Unbounded recursion that copies the whole call stack (FUNCNAME,
# BASH_SOURCE, BASH_LINENO) at every level: the stack is bounded by the
# call depth, so the run stops on it with little memory spent.
# expect-stop: call_depth
# expect-max-seconds: 3
f() {
  local all="${FUNCNAME[*]} ${BASH_SOURCE[*]} ${BASH_LINENO[*]}"
  caller 0 > /dev/null
  f
}
f
