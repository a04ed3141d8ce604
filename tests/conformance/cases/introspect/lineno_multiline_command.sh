echo one \
  two $LINENO
