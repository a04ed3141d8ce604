# check-stderr
echo '1/0
5' | bc; echo rc=$?
