printf 'ab\n' > data.bin
xxd -i data.bin
