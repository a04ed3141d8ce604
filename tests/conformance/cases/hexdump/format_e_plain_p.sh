printf 'hello\n' | hexdump -v -e '/1 "%02x"'; echo
