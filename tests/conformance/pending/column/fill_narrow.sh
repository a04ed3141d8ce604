printf 'apple\nbanana\ncherry\ndate\n' | COLUMNS=20 column
