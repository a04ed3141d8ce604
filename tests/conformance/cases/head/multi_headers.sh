printf 'a\nb\n' > f; printf 'c\n' > g
head f g
echo ---
head -q f g
echo ---
head -v f
echo ---
head --verbose -n1 g f
