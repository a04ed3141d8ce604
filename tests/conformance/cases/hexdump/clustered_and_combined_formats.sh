printf 'abcdefghijklmnopq' > f
hexdump -Cn 5 f
hexdump -s3 -n4 -C f
hexdump -bc -n 4 f
hexdump -e '4/1 "%02x " "\n"' -n 8 f
hexdump -x -s 2 f
