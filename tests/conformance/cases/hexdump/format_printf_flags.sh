printf 'abc\0\1\377defgh' > f
hexdump -e '"%#.0o|%#x|%+u|% d|%-6X|%06d|%.0d\n"' f
hexdump -e '4/1 "%-4_c|" "\n"' f
hexdump -e '4/1 "%-3_u|" "\n"' f
hexdump -e '"%_Ad\n"' -s 3 f
