bash -e -c 'echo a; false; echo b'; echo $?
