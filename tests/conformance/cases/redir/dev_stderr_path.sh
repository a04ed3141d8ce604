echo to-stderr > /dev/stderr 2>&1
echo status=$?
