# check-stderr
nice -n 3; echo $?
