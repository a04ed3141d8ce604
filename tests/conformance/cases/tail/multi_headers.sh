printf 'a\nb\n' > f; printf 'c\n' > g
tail f g
echo ---
tail -q -n1 f g
echo ---
tail -v -n1 f
echo ---
echo in | tail -n1 - g
