# check-stderr
touch --version | head -1 | cut -d" " -f1; echo "s=$?"
touch --help | head -1; echo "s=$?"
