# check-stderr
umask 8; echo $?; umask 0999; echo $?; umask 12345; echo $?; umask
