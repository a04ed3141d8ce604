sh -e -c 'false; echo no'; echo $?
