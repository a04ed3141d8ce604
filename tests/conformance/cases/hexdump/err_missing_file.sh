# check-stderr
hexdump nosuch; echo "status $?"
printf 'x' > f
hexdump -C f nosuch; echo "status $?"
