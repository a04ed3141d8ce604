# check-stderr
set -C
echo a > f
echo b > f
echo $?
echo c >| f
cat f
