printf 'Hello, hexdump! This is longer than sixteen bytes.\n' | hexdump -C; echo "status $?"
