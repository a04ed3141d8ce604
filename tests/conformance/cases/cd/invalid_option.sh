# check-stderr
cd -x; echo $?
