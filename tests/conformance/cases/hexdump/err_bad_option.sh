hexdump -Z 2>err; echo "status $?"
head -n 1 err
