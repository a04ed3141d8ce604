xxd -Z 2>err; echo "status $?"
head -n 2 err
