# check-stderr
printf 'z\n' | gzip > noext
gunzip noext; echo "status $?"; ls
