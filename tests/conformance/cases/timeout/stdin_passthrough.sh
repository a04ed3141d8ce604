printf 'piped\n' | timeout 5 cat
