bash -c 'exit 300'; echo $?
