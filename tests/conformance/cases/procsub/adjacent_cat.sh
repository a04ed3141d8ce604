# `cat <(echo a)<(echo b)` names one path (the two joined), which is not
# a file: cat fails.
cat <(echo a)<(echo b) 2>/dev/null
echo "status $?"
cat <(echo a) <(echo b)
