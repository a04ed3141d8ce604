printf '%.3Q\n' 'abcdef' 2>/dev/null || printf 'no Q\n'
