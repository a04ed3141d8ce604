# check-stderr
echo x
[[ (
