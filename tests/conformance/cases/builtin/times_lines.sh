# check-stderr
# times prints two lines of user and system times (the values vary).
times | sed 's/[0-9]/N/g'
echo "status ${PIPESTATUS[0]}"
times -x
echo status=$?
type -t times
