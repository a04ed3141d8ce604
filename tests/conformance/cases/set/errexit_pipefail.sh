set -eo pipefail
false | true
echo not reached
