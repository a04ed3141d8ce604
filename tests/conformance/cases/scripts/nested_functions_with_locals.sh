counter=0
outer() {
  local counter=10
  inner() { counter=$((counter + 1)); }
  inner; inner
  echo "outer sees $counter"
}
outer
echo "global is $counter"
inner
echo "global after direct inner call is $counter"
