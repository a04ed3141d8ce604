set -o pipefail
false | true
echo $?
(exit 3) | (exit 0)
echo $?
(exit 2) | (exit 5) | true
echo $?
set +o pipefail
false | true
echo $?
