# export -f passes a function to the bash a script runs; export -nf and
# an unexported function do not.
greet() {
  local who=${1:-world}
  if [ "$who" = me ]; then echo "it is me"; else echo "hello $who"; fi
}
export -f greet
bash -c 'greet; greet me; declare -F greet'
sh_status() { bash -c "$1" 2>/dev/null; echo "status $?"; }
other() { echo other; }
sh_status other
export -nf greet
sh_status greet
export -f other
bash -c 'other; declare -fx | grep -c "^declare -fx"'
env | grep -c "^BASH_FUNC_other%%="
