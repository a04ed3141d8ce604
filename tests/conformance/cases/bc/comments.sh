printf '1 /* comment */ + 2 # trailing\n/* multi\nline */ 3\n' | bc
