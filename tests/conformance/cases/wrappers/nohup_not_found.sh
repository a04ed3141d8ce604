# check-stderr
nohup nosuch_q; echo $?
