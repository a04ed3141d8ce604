nohup sh -c 'exit 3'; echo $?
