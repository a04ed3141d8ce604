# check-stderr
set -o nosuchopt
echo "status=$?"
