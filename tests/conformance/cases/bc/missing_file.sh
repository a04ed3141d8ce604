# check-stderr
bc nonexist; echo rc=$?
