# check-stderr
printf 'z\n' | xz > noext
unxz noext; echo "status $?"; ls
