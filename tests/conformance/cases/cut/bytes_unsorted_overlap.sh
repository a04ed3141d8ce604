printf 'abcdefgh\n' | cut -b 5-7,1-2,6,2-3
