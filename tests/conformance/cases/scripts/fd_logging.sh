# A build script that logs through a named descriptor, then reads its log back.
exec {log}>build.log
log() { printf '[%s] %s\n' "$1" "$2" >&$log; }
step() {
  log INFO "start $1"
  if [[ $1 == fail* ]]; then
    log ERROR "$1 failed"
    return 1
  fi
  log INFO "done $1"
}
for s in fetch compile fail-tests package; do
  step "$s" || echo "step $s failed"
done
exec {log}>&-
mapfile -t lines < build.log
echo "${#lines[@]} log lines, last: ${lines[-1]}"
while IFS= read -r l; do
  [[ $l == *ERROR* ]] && echo "-> $l"
done < build.log
echo more >&$log 2>/dev/null || echo "log closed"
