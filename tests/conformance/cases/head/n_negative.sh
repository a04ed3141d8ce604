seq 10 | head -n -3
printf 'a\nb\nc' | head -n -1
echo; seq 3 | head -n -5; echo "[$?]"
