# check-stderr
trap 'echo x' NOPE
echo "status=$?"
