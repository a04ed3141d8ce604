# A process substitution's commands are traced one level deeper (`++`),
# as a command substitution's are; the trace is sent through the
# substitution itself here so it comes in order.
set -x
cat <( { echo in; } 2>&1 )
x=$( { echo out; } 2>&1 )
set +x
echo "$x"
