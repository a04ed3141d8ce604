# check-stderr
echo x >&9
echo "status=$?"
