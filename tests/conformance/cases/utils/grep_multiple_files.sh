echo hit > a
echo miss > b
echo hit2 > c
grep hit a b c
