printf 'ab' > f1; printf 'cd' > f2
hexdump -C f1 f2
