# check-stderr
echo 'echo sourced "$@"' > f.sh
source -- f.sh a b
. -- f.sh c
source -x f.sh
echo "status=$?"
.
echo "status=$?"
