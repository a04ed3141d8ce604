envsubst --help
echo "status=$?"
envsubst -h | head -1
