# check-stderr
unset HOME; cd; echo $?
