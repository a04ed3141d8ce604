sh -c 'exit 5'; echo $?
