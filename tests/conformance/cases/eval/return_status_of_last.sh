eval 'true; false'
echo "status=$?"
