join <(printf 'a 1\nb 2\n') <(printf 'a x\nb y\n')
