# check-stderr
# subcommand dispatch: cmd_* functions found with declare -F, "$@" forwarding, shift, help and unknown commands
cmd_add() { (( $# >= 2 )) || { echo "add: need 2 numbers" >&2; return 2; }; echo $(( $1 + $2 )); }
cmd_greet() { local who=${1:-world}; shift $(( $# > 0 )); echo "hello, $who${*:+ (extra: $*)}"; }
cmd_list() {
  local f
  for f in $(declare -F | awk '{print $3}' | grep '^cmd_' | sort); do
    echo "  ${f#cmd_}"
  done
}
cmd_help() { echo "commands:"; cmd_list; }
dispatch() {
  local sub=${1:-help}
  shift || true
  if declare -F "cmd_$sub" > /dev/null; then
    "cmd_$sub" "$@"
  else
    echo "unknown command: $sub" >&2
    cmd_help >&2
    return 127
  fi
}
dispatch add 2 40; echo "rc=$?"
dispatch greet; echo "rc=$?"
dispatch greet 'Ada Lovelace' x y; echo "rc=$?"
dispatch add 1; echo "rc=$?"
dispatch frobnicate --now; echo "rc=$?"
dispatch; echo "rc=$?"
type -t cmd_add dispatch echo nosuch_thing || echo "type reported a missing name"
