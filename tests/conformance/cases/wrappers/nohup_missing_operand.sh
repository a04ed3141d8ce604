# check-stderr
nohup; echo $?
