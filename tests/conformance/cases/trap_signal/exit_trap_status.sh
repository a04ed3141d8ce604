trap 'echo "exit with $?"' EXIT
exit 4
