# retry loop with counters, backoff arithmetic, until/break/continue and a fake flaky command
attempts_file=state/attempts
mkdir -p state
echo 0 > "$attempts_file"
flaky() {
  local n
  read -r n < "$attempts_file"
  n=$((n + 1))
  echo "$n" > "$attempts_file"
  (( n >= $1 )) && { echo "flaky: success on call $n"; return 0; }
  echo "flaky: failure on call $n" >&2
  return $((10 + n))
}
retry() {
  local max=$1 delay=1 try=0 rc; shift
  until "$@"; do
    rc=$?
    try=$((try + 1))
    if (( try >= max )); then
      echo "giving up after $try tries (last rc=$rc)"
      return "$rc"
    fi
    echo "try $try failed rc=$rc, would sleep ${delay}s"
    delay=$(( delay * 2 > 8 ? 8 : delay * 2 ))
  done
  echo "succeeded after $try retries"
}
retry 5 flaky 3 2>/dev/null; echo "rc=$?"
echo 0 > "$attempts_file"
retry 3 flaky 10 2>/dev/null; echo "rc=$?"
echo 0 > "$attempts_file"
retry 6 flaky 6 2>/dev/null; echo "rc=$?"
count=0 skipped=0
while :; do
  (( ++count > 10 )) && break
  (( count % 3 == 0 )) && { (( skipped++ )); continue; }
done
echo "count=$count skipped=$skipped"
