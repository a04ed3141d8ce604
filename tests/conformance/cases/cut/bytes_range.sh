printf 'abcdef\nxy\n' | cut -b 2-4
