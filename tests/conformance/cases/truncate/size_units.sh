truncate -s 1K a; truncate -s 1KB b; truncate -s 2k c; wc -c a b c
