# A format unit of 2^31 - 1 bytes (the largest count hexdump takes) asks
# for a block that size, and a second one to compare it with: the memory
# budget refuses them before anything is allocated.
# expect-stop: memory
printf 'abc' | hexdump -e '2147483647/1 "%02x"'
