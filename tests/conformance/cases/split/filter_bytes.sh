printf 'abcdefgh' | split -b 3 --filter='od -An -c; echo "=$FILE"'
printf 'a\nbb\nccc\n' | split -C 4 -d --filter='printf "%s:" "$FILE"; cat'
