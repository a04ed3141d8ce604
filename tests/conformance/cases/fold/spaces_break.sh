printf 'the quick brown fox jumps\n' | fold -s -w 10 | sed -n l
