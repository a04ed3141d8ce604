echo before
exit 42
echo after
