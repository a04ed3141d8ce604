# check-stderr
command time; echo $?
