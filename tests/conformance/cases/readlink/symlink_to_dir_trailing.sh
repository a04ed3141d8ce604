mkdir d; ln -s d ld
readlink ld/; echo "status $?"; readlink -f ld/ | sed "s|^$PWD/||"
