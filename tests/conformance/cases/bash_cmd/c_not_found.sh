# check-stderr
bash -c 'nosuchcmd_q'; echo $?
