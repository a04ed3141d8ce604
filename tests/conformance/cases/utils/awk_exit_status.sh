# exit codes, END after exit.
awk 'BEGIN { exit 3 }'; echo "status $?"
echo x | awk '{ exit 4 } END { print "end ran" }'; echo "status $?"
echo x | awk 'END { exit }'; echo "status $?"
awk 'BEGIN { exit 1 } END { exit 5 }'; echo "status $?"
