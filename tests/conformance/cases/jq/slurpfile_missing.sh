# check-stderr
jq -n --slurpfile s nope.json '$s'
echo "status=$?"
