# check-stderr
umask g=u; echo $?; umask z=r; echo $?; umask u+r+w; echo $?; umask o-rwx,u; echo $?; umask
