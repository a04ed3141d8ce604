# check-stderr
hexdump -e '/2 "%x %x"' /dev/null; echo "status $?"
hexdump -e '"%s"' /dev/null; echo "status $?"
hexdump -e '"%q"' /dev/null; echo "status $?"
hexdump -e '16/1"%x"' /dev/null; echo "status $?"
hexdump -n 1x /dev/null; echo "status $?"
