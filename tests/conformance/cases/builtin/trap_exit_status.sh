trap 'echo "trapped $?"' EXIT
exit 4
