printf 'abcdefghijklmnopqrstuvwxyz' > f
hexdump -C -s 20 f
hexdump -C -s 0x4 -n 4 f
