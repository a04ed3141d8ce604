truncate -c -s 3 absent; echo "status $?"; ls
