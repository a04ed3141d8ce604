# check-stderr
exit abc
