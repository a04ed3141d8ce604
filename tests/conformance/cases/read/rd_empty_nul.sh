printf 'one\0two\0' > f
while IFS= read -rd '' item; do echo "[$item]"; done < f
