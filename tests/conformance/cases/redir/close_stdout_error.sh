# check-stderr
echo gone >&-
echo "status=$?"
