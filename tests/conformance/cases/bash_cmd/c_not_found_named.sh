# check-stderr
bash -c 'nosuchcmd_q' myname; echo $?
