# check-stderr
command time -q -f '[%x]' false; echo $?
