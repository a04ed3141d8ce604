ln -s a b; ln -s b a
readlink -f a; echo "status $?"; readlink a
