# check-stderr
command time -f %x nosuch_q; echo $?
