# check-stderr
echo before
echo "$(echo a

echo b
