# check-stderr
# In posix mode an assignment error (to a readonly variable) in a command
# of assignments only ends the shell; outside it, the line is abandoned.
readonly x=1
x=2; echo "same line"
echo "next line"
set -o posix
x=3
echo "not reached"
