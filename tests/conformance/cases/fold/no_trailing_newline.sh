printf 'abcdef' | fold -w 4 | sed -n l
