cat <(printf 'b\na\n' | sort | head -1)
