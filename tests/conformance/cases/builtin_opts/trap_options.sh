# check-stderr
trap -- 'echo bye' EXIT
trap -p EXIT
trap -lp | head -1
trap -Q
echo "status=$?"
trap foo
echo "status=$?"
trap 'echo x'
echo "status=$?"
