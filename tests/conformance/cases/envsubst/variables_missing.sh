# check-stderr
envsubst -v
echo "status=$?"
