# check-stderr
for i in 1; do break 0; done
echo "status=$?"
