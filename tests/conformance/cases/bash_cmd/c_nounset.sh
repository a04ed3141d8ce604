# check-stderr
bash -u -c 'echo "$nope"'; echo $?
