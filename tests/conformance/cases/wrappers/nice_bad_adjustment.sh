# check-stderr
nice -n x true; echo $?
