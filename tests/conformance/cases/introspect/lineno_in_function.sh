f() {
  echo "f at $LINENO"
}
f
