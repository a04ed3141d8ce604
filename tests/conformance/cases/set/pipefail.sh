false | true
echo "without=$?"
set -o pipefail
false | true
echo "with=$?"
