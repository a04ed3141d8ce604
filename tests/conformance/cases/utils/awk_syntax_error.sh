# A syntax error: status 2, nothing run.
awk 'BEGIN { print "never" ; x = }' 2>/dev/null; echo "status $?"
awk '{ print $1 ' 2>/dev/null; echo "status $?"
