set -uo pipefail
echo "$-"
false | true
echo "status $?"
set +u -eo noglob
echo "$- *"
set +ef
set -aufxC 2>/dev/null
echo "$-" 2>/dev/null
