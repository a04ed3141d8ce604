printf 'b\na\nc\n' | sort | head -n 2
