# check-stderr
ln -s loop1 loop2; ln -s loop2 loop1
realpath --relative-to=. loop1; echo "status $?"
