a() { b; }
b() {
  c
}
c() {
  local i=0
  while caller $i; do
    i=$((i + 1))
  done
  echo "frames: $i"
  caller
}
a
caller x 2>/dev/null
echo "status $?"
