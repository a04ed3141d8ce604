echo before
set -n
echo after
exit 3
