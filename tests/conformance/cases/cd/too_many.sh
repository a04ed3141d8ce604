# check-stderr
mkdir a b; cd a b; echo $?
