# A format unit of 2^40 bytes asks hexdump for a block that size (and a
# second one to compare it with): the memory budget refuses them before
# anything is allocated.
# expect-stop: memory
printf 'abc' | hexdump -e '1099511627776/1 "%02x"'
