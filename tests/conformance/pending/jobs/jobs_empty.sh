jobs
echo "status=$?"
