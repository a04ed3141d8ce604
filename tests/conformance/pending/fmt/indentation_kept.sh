printf '  indented line one\n  indented two\n' | fmt -w 12
