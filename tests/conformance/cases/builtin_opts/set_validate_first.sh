# check-stderr
set -uQ
echo "st=$? [${-//[^u]/}]"
set +Q
echo "st=$?"
set -i
echo "st=$?"
set a -Q
echo "st=$? $2"
