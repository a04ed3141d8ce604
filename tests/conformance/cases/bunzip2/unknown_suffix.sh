# check-stderr
printf 'z\n' | bzip2 > noext
bunzip2 noext; echo "status $?"; ls
