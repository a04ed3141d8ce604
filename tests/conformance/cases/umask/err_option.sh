# check-stderr
umask -x; echo $?
