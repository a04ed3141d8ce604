printf 'abcdefghijklmnopqrstuvwxyz' | hexdump -C -n 10
