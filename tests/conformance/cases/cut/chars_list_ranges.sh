printf 'abcdefghij\n' | cut -c 1,3-4,8-
