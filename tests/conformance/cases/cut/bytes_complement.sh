printf 'abcdefgh\n' | cut -b 2-4 --complement
