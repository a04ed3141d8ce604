echo "$-"
set -f
echo "$-"
