set -o posix
cat <(echo hi)
echo "status=$?"
