printf 'abcdefgh\n' | cut -b 1-2,5-6 --output-delimiter=:
