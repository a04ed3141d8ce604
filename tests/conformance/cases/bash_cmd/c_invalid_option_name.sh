# check-stderr
bash -o nosuchopt -c 'echo no'; echo $?
