# check-stderr
bc -x; echo rc=$?; bc --foo > /dev/null; echo rc=$?
