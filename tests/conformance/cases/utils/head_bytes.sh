printf 'abcdef' | head -c 3
echo
