# check-stderr
bash -x -c 'echo hi; y=2'
