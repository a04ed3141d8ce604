# check-stderr
mkdir d; printf 'dash' > -x; printf 'ab' > f
printf 'in' | hexdump -C
hexdump -C -- -x; echo "status $?"
hexdump -C d f; echo "status $?"
hexdump -C nosuch f; echo "status $?"
