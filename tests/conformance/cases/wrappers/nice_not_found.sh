# check-stderr
nice nosuch_q; echo $?
