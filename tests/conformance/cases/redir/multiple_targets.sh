echo a > f1 > f2
cat f1
echo ---
cat f2
