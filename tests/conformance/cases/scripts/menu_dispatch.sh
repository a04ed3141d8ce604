cmd_start() { echo "starting $*"; }
cmd_stop() { echo "stopping"; }
cmd_help() { echo "commands: start stop help"; }
dispatch() {
  local sub=${1:-help}; shift || true
  if declare -F "cmd_$sub" > /dev/null; then
    "cmd_$sub" "$@"
  else
    echo "unknown command: $sub" >&2; return 127
  fi
}
dispatch start web db
dispatch stop
dispatch
dispatch bogus 2>&1
echo "status=$?"
