# check-stderr
envsubst -x
echo "status=$?"
envsubst --nope
echo "status=$?"
