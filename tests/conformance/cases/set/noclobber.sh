# check-stderr
set -C
echo a > f
echo b > f
echo "status=$?"
echo c >| f
cat f
