# check-stderr
cd -e /nonexistent; echo $?; cd -P -e .; echo $?
