printf 'abcdefghij' | head -c -4; echo
printf 'abc' | head -c -10; echo "[$?]"
printf 'abcdefghij' | head -c -0 | wc -c
