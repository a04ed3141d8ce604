printf 'abcdefghij' | hexdump -e '"%08.8_ax  " 4/1 "%02X " "  |" 4/1 "%_p" "|\n"'
