# check-stderr
# A script's shell has no job control to suspend under, is not a login
# shell, and keeps no history for fc.
suspend
echo "suspend: $?"
suspend -x
echo "suspend -x: $?"
logout
echo "logout: $?"
fc -l
echo "fc -l: $?"
fc -l -5 -1
echo "fc -l -5 -1: $?"
fc -s
echo "fc -s: $?"
fc -x
echo "fc -x: $?"
type -t suspend logout fc
