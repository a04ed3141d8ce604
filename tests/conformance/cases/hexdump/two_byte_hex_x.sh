printf 'abcdefghijklmnopqrstuvwxyz\n' | hexdump -x
