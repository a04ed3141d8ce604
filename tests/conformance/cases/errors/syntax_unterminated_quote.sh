# check-stderr
echo 'abc
