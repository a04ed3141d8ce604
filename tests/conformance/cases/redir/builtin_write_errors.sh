# check-stderr
printf x >&-
echo "status=$?"
pwd >&-
echo "status=$?"
declare -p HOME >&-
echo "status=$?"
{ echo grouped; } >&-
echo "status=$?"
