echo $LINENO
echo $LINENO
f() {
  echo $LINENO
}
f
