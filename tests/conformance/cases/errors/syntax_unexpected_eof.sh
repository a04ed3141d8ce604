# check-stderr
if true; then
  echo x
