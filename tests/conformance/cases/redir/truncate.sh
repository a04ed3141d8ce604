echo a > f
echo b > f
cat f
