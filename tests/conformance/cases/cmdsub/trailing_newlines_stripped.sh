x=$(printf 'a\n\n\n')
echo "[$x]"
y=$(printf '\n\na')
echo "[$y]"
