bash -eu -c 'echo ok; false; echo no'; echo $?
