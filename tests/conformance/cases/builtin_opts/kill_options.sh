# check-stderr
kill -l -- 9
kill -l 15 2
kill -L TERM
kill -s
echo "status=$?"
kill -s QQQ $$
echo "status=$?"
kill -0 -- $$
echo "status=$?"
kill -n 0 $$
echo "status=$?"
kill
echo "status=$?"
