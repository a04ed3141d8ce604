# check-stderr
envsubst '$A' '$B' </dev/null
echo "status=$?"
