bash -c 'exit 7'; echo $?
bash -c 'false'; echo $?
bash -c 'true'; echo $?
