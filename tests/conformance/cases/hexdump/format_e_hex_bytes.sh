printf 'ABCDEFGH' | hexdump -e '16/1 "%02x " "\n"'
