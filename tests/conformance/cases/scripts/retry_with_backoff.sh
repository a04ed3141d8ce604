attempt=0
flaky() { attempt=$((attempt+1)); (( attempt >= 3 )); }
retry() {
  local max=$1 delay=1 i; shift
  for ((i = 1; i <= max; i++)); do
    if "$@"; then echo "succeeded on try $i"; return 0; fi
    echo "try $i failed, next delay ${delay}s"
    delay=$((delay * 2))
  done
  echo "giving up"; return 1
}
retry 5 flaky
attempt=-10
retry 2 flaky
echo "status=$?"
