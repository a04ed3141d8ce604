# check-stderr
# A prefix assignment to a readonly variable is reported; the command
# still runs, without that variable in its environment.
readonly x=1
x=2 printenv x; echo "utility $?"
x=3 true; echo "true $?"
