printf 'abcdefghijklmnopqrstuvwxyz\n' | hexdump
