# local variables and dynamic scoping: callee sees caller's locals, shadowing, unset, local -
level=global
show() { echo "${FUNCNAME[1]:-main} sees level=$level depth=${#FUNCNAME[@]}"; }
outer() {
  local level=outer
  show
  inner
  echo "outer after inner: level=$level counter=${counter-unset}"
}
inner() {
  show
  level=changed-by-inner
  local counter=1
  helper
  echo "inner counter=$counter"
}
helper() { counter=$((counter + 10)); show; }
outer
echo "global level=$level counter=${counter-unset}"
shadow() {
  local level
  echo "declared but unset: [${level-none}] [${level:-empty}]"
  local level=second
  unset level
  echo "after unset in function: [${level-none}]"
}
shadow
echo "global still: $level"
opts() { local -; set -f; echo "inside noglob: $-" | grep -c f; }
opts
case $- in *f*) echo "noglob leaked" ;; *) echo "noglob restored" ;; esac
counter_gen() { local i; for i in 1 2 3; do total=$((total + i)); done; }
total=100; counter_gen; echo "total=$total i=${i-unset}"
declare -i typed=5
typed_fn() { local typed='2+3'; echo "local typed=$typed"; }
typed_fn; typed='4*2'; echo "global typed=$typed"
export EXPORTED=outer
env_fn() { local EXPORTED=inner; bash_like=$(printenv EXPORTED); echo "child sees: $bash_like"; }
env_fn; echo "after: $EXPORTED"
