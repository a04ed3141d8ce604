echo "$OSTYPE"
