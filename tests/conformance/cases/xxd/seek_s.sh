printf 'abcdefghijklmnopqrstuvwxyz' > f
xxd -s 5 f
xxd -s 0x10 -l 4 f
xxd -s -3 f
