x=$(
  echo one
  echo two
)
echo "$x"
