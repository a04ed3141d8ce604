# check-stderr
mkdir d; printf 'x\n' > f
unix2dos d nosuch f; echo "status $?"
od -c f
