printf '1 2 3 4\n' | xargs printf '%s+%s\n'
