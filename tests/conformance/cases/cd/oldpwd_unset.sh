# check-stderr
unset OLDPWD; cd -; echo $?
