enable -n test
test 1 -eq 1 2>/dev/null && echo "external test ran"
enable test
