bash -e -c 'false'; echo $?
