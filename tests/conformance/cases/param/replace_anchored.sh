v=abcabc
echo ${v/#a/A} ${v/%c/C} ${v/#b/B} ${v/%b/B}
