nproc | grep -c '^[1-9][0-9]*$'
nproc --all | grep -c '^[1-9][0-9]*$'
