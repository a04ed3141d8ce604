printf 'b\0a\0' | sort -z | tr '\0' '\n'
