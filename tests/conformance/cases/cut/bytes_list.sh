printf 'abcdefgh\n' | cut -b 1,3,5
