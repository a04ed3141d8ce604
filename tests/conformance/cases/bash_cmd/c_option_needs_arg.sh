# check-stderr
bash -c; echo $?
