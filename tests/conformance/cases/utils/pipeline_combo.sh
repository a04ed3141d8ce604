printf 'b 2\na 1\nc 3\nb 2\n' | sort -u | grep -v c | wc -l
