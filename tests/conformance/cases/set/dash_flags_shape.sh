echo "$-"
set -eu
echo "$-"
set +eu
echo "$-"
