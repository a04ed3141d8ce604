echo "$LINENO"
echo "$LINENO"
