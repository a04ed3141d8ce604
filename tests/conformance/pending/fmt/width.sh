printf 'the quick brown fox jumps over the lazy dog\n' | fmt -w 15
